#!/usr/bin/env bash
# Checks that every relative link of the Markdown pages (`[text](target)` and `<img src="…">`)
# names a file or folder that exists, so moving a page cannot leave a link dangling. Anchors
# (`#…`) are not checked; web addresses are skipped, and so are links that leave the repository
# (the shared rules, `../shared/…` beside the checkout, are not part of a clone).
#
#   bash scripts/check-doc-links.sh        # exit 1 and one line per broken link
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd -P)
broken=0
checked=0
while IFS= read -r page; do
    dir=$(dirname "$page")
    # Link targets, without a title or an anchor; code spans are left out so that a link written
    # as an example inside backticks is not taken for one.
    while IFS= read -r target; do
        target=${target%%#*}
        [ -n "$target" ] || continue
        case $target in http://* | https://* | mailto:*) continue ;; esac
        resolved=$(realpath -m "$dir/$target")
        case $resolved in "$root" | "$root"/*) ;; *) continue ;; esac
        checked=$((checked + 1))
        if [ ! -e "$resolved" ]; then
            echo "$page: broken link: $target"
            broken=$((broken + 1))
        fi
    done < <(sed -e 's/`[^`]*`//g' "$page" |
        grep -oE '\]\([^) ]+|<img [^>]*src="[^"]+"' |
        sed -E -e 's/^\]\(//' -e 's/^<img .*src="([^"]+)"$/\1/')
done < <(git ls-files --cached --others --exclude-standard '*.md')
echo "$checked relative links checked, $broken broken"
[ "$broken" -eq 0 ]
