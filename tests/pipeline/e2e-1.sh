#!/bin/bash
# Part 1 of 2 of tests/pipeline/e2e.bash (see there).
exec bash "$(dirname "$0")/e2e.bash" 1/2
