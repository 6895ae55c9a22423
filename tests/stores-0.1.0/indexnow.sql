PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE indexnow (url TEXT PRIMARY KEY, seen BIGINT NOT NULL);
INSERT INTO indexnow VALUES('https://www.example.org/',-7618126823522618776);
INSERT INTO indexnow VALUES('https://www.example.org/a.html',4502023964291179700);
INSERT INTO indexnow VALUES('https://www.example.org/b.html',-2638578349465854529);
INSERT INTO indexnow VALUES('https://www.example.org/c.html',5555773624971139989);
INSERT INTO indexnow VALUES('https://www.example.org',1);
COMMIT;
