#!/usr/bin/env bash
# Copies the upstream golden layouts into the package's fixtures. Run from the package root on a
# machine that has the upstream `shared/` folder beside the checkout (or pass its golden folder).
set -euo pipefail
cd "$(dirname "$0")/../.."
source=${1:-../shared/golden}
cp "$source"/*.json "$source"/README.md Tests/Fixtures/Golden/
echo "copied $(ls "$source"/*.spec.json | wc -l) golden cases from $source"
