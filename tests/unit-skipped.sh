#!/bin/sh
# Stands for tests/unit when configure found no libxml2 or CUnit.
echo "tests/unit needs libxml2-dev and libcunit1-dev: skipped"
echo "0 passed, 0 failed"
exit 77
