#!/usr/bin/env bash
# Lint and types, exactly as CI runs them (tests/test_lint.py runs this script; settings in pyproject.toml).
#   tools/lint.sh        check: ruff check, ruff format --check, mypy; non-zero exit if any finds something
#   tools/lint.sh --fix  apply ruff's safe fixes and format the tree, then check
# ruff and mypy come from PATH (the `test` extra installs both).
set -uo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = "--fix" ]; then
  ruff check --fix . || true
  ruff format .
elif [ $# -gt 0 ]; then
  echo "tools/lint.sh: unknown argument '$1' (use no argument to check, or --fix)" >&2
  exit 2
fi

status=0
echo "+ ruff check ."
ruff check . || status=1
echo "+ ruff format --check ."
ruff format --check . || status=1
echo "+ mypy"
mypy || status=1
exit $status
