#!/bin/bash
# The round trip of `npm run e2e:gpu` to the GPU machine (issue #39). The GPU machine is reached only
# through the device tool's `run` (an agent or a person calls it; no script can), so this script does
# the two ends and prints the middle:
#   scripts/gpu-roundtrip.sh prep     pack Chromium, Node, Playwright, the fonts and GL loaders into three
#                                     ignored folders .gpue1 .gpue2 .gpue3, each small enough to travel in
#                                     one call beside the repository (GPUE_PART_MIB sets a part's size)
#   scripts/gpu-roundtrip.sh app      build the app and put dist/ and the suite into .gpue3 (each round)
#   scripts/gpu-roundtrip.sh commands print the three `run` calls (carry + command), to be made one
#                                     right after the other (the machine is handed back 30 s after a call)
#   scripts/gpu-roundtrip.sh collect DIR   copy what call 3 left in $OUT (DIR: the files_at folder) into
#                                     bench/results/browser-gpu/: the report as <start>.json, the rest
#                                     (log, Playwright's JSON, nvidia-smi, the native copy, the link) beside it
# The parts: one xz stream of everything that does not change between rounds (Chromium from Debian's
# package as bin/chromium with its libraries, fonts and libpci — as ../shared/tools/chrome-gpu-prep
# packs it —, the GL/Vulkan loaders of gpu-carry-prep, this machine's Node and Playwright) split over
# the three folders, and in .gpue3 also app.tar.xz: dist/ and the suite. Call 1 and 2 only copy their
# part to /opt/gpue; call 3 joins the parts, unpacks, and runs e2e-gpu/run-on-gpu.sh.
set -euo pipefail
root=$(git rev-parse --show-toplevel); cd "$root"
common=$(git rev-parse --git-common-dir)
app() {
  # The production build and the suite (with src/, which the board's spec reads its exercises from): what changes from round to round.
  npm run build >/dev/null
  tar -cf - dist shaders e2e-gpu e2e/links.ts e2e/slowest-reporter.ts src playwright.gpu.config.ts package.json tsconfig.json bench/results/round7/callT/dawn.jsonl bench/results/round7/callU/dawn.jsonl bench/results/round7/callV/dawn.jsonl bench/results/round8/callAD/dawn.jsonl bench/results/ladder3/dawn.jsonl | xz -T2 -6 > .gpue-app.tar.xz
}
case "${1:-}" in
prep)
  for d in /.gpue1/ /.gpue2/ /.gpue3/ /.gl/ /.gpue-app.tar.xz; do grep -qx "$d" "$common/info/exclude" 2>/dev/null || echo "$d" >> "$common/info/exclude"; done
  # What else travels with each call: the repository's tracked files and untracked files git does not ignore.
  tree=$(( ( $(git ls-files -z | xargs -0 cat 2>/dev/null | wc -c) + $(git ls-files -o --exclude-standard -z | xargs -0 cat 2>/dev/null | wc -c) ) ))
  part=$(( ${GPUE_PART_MIB:-$(( (62 * 1024 * 1024 - tree) / 1048576 ))} * 1048576 ))
  echo "the repository adds $((tree / 1024)) KiB to each call; a part may be $((part / 1024)) KiB"
  t=$(mktemp -d); s="$t/gpue"; mkdir -p "$s/chromium" "$s/lib" "$s/debs" "$s/node_modules/@playwright"
  [ -x /usr/lib/chromium/chromium ] || { echo "install Debian's chromium first"; exit 1; }
  # Chromium without its validation layer and mock driver; the English locale only (the suite opens en-US).
  (cd /usr/lib/chromium && tar cf - --exclude=./libVkLayer_khronos_validation.so --exclude=./libVkLayer_khronos_validation.so.TOC --exclude=./libVkICD_mock_icd.so --exclude=./libVkICD_mock_icd.so.TOC --exclude='./locales/*' .) | tar xf - -C "$s/chromium"
  mkdir -p "$s/chromium/locales"; cp /usr/lib/chromium/locales/en-US.pak "$s/chromium/locales/"
  ldd /usr/lib/chromium/chromium | awk '/=>/{print $3}' | grep -v -E '/(libc|libm|libpthread|libdl|librt|ld-linux[^/]*)\.so' | while read -r l; do cp -L "$l" "$s/lib/"; done
  (cd "$t" && apt-get download libpci3 fonts-dejavu-core >/dev/null 2>&1 && dpkg -x libpci3_*.deb x && cp -L x/usr/lib/x86_64-linux-gnu/libpci.so.3 "$s/lib/" && cp fonts-dejavu-core_*.deb "$s/debs/")
  if ! ls .gl/libvulkan1_*.deb >/dev/null 2>&1; then
    o='-oAPT::Architecture=amd64 -oAPT::Architectures=amd64 -oDir::State::Lists=/tmp/amd64'
    mkdir -p /tmp/amd64/partial .gl; apt-get $o update >/dev/null 2>&1
    (cd .gl && apt-get $o download libvulkan1 libegl1 libglvnd0 libopengl0 libgl1 libglx0 libgles2 >/dev/null 2>&1)
  fi
  cp .gl/*.deb "$s/debs/"
  cp "$(readlink -f "$(command -v node)")" "$s/node"
  cp -r node_modules/playwright node_modules/playwright-core "$s/node_modules/"; cp -r node_modules/@playwright/test "$s/node_modules/@playwright/"
  (cd /usr/lib/chromium && ./chromium --version 2>/dev/null || true) > "$s/chromium-version.txt"
  tar -C "$t" -cf - gpue | xz -T2 -6 > "$t/gpue.tar.xz"
  rm -rf .gpue1 .gpue2 .gpue3; mkdir -p .gpue1 .gpue2 .gpue3
  total=$(stat -c %s "$t/gpue.tar.xz")
  # Parts 1 and 2 as large as a call allows; the rest beside the app in call 3.
  split -b "$part" -d -a 1 "$t/gpue.tar.xz" "$t/p"
  mv "$t/p0" .gpue1/; mv "$t/p1" .gpue2/; [ -f "$t/p2" ] && mv "$t/p2" .gpue3/
  [ -f "$t/p3" ] && { echo "the payload needs a fourth call: $total bytes"; exit 1; }
  rm -rf "$t"; du -sh .gpue1 .gpue2 .gpue3
  echo "now: scripts/gpu-roundtrip.sh app (the build and the suite into .gpue3)"
  ;;
app)
  app
  mv .gpue-app.tar.xz .gpue3/app.tar.xz; cp e2e-gpu/run-on-gpu.sh .gpue3/; du -sh .gpue3/*
  ;;
commands)
  cat <<'CMD'
call 1: carry [".gpue1"]  command: mkdir -p /opt/gpue && cp .gpue1/p0 /opt/gpue/ && ls -la /opt/gpue
call 2: carry [".gpue2"]  command: mkdir -p /opt/gpue && cp .gpue2/p1 /opt/gpue/ && ls -la /opt/gpue         (less than 30 s after call 1)
call 3: carry [".gpue3"]  command: bash .gpue3/run-on-gpu.sh                           (less than 30 s after call 2)
then:   scripts/gpu-roundtrip.sh collect <files_at>
CMD
  ;;
collect)
  src=${2:?the folder the device tool returned (files_at)}
  dest=bench/results/browser-gpu; mkdir -p "$dest"
  rep=$(ls "$src"/report.json 2>/dev/null || true)
  [ -n "$rep" ] || { echo "no report.json in $src"; ls -la "$src"; exit 1; }
  day=$(node -e 'const r=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8"));process.stdout.write((r.startedAt||new Date().toISOString()).replace(/:/g,"").slice(0,17))' "$rep")
  cp "$rep" "$dest/$day.json"
  for f in "$src"/*; do case "$(basename "$f")" in report.json) ;; *) cp "$f" "$dest/$day-$(basename "$f")" ;; esac; done
  chmod u+w "$dest"/*
  ls -la "$dest"
  ;;
*) sed -n 2,20p "$0"; exit 2 ;;
esac
