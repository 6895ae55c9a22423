PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE indexnow (url TEXT PRIMARY KEY, seen BIGINT NOT NULL, kind BIGINT NOT NULL DEFAULT 0);
INSERT INTO indexnow VALUES('https://www.example.org/',7200834178948799659,1);
INSERT INTO indexnow VALUES('https://www.example.org/a.html',1974666384070665036,1);
INSERT INTO indexnow VALUES('https://www.example.org/b.html',4098995374499183188,1);
INSERT INTO indexnow VALUES('https://www.example.org/c.html',-3208397824003530193,1);
INSERT INTO indexnow VALUES('https://www.example.org',1,1);
COMMIT;
