#!/bin/bash
# ir-canon, ir-cse and dd-simplify print what mlir-opt-22 prints, part 3 of 4
# of tests/canon/differential.py (four tests, so each stays far inside the
# suite's time limit under the sanitized build). Skipped when mlir-opt-22 is
# not installed.
exec python3 "$(dirname "$0")/differential.py" --seeds 4 --upstream --shard 3/4
