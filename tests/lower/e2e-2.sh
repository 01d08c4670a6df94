#!/bin/bash
# Part 2 of 2 of tests/lower/e2e.bash (see there).
exec bash "$(dirname "$0")/e2e.bash" 2/2
