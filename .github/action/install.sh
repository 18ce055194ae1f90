#!/usr/bin/env bash
# The whatsnew GitHub Action's first step: find the release binary for this action's version and
# the runner's platform, download it, verify its checksum, and print its path as the step's `bin`
# output. Where no release binary can exist (a branch or commit ref, a platform without one) it
# prints `build=true`, says why, and the next steps build from source. A download that fails its
# checksum stops the job: nothing it brought runs.
#
# Environment:
#   WHATSNEW_ACTION_PATH        the action's checkout (github.action_path); its last folders are
#                               OWNER/NAME/REF for an action used as OWNER/NAME@REF
#   WHATSNEW_ACTION_REF         the ref, where the runner gives it (github.action_ref is empty in
#                               composite actions on many runners, so the path decides otherwise)
#   WHATSNEW_ACTION_REPOSITORY  OWNER/NAME, likewise
#   WHATSNEW_RELEASE_ASSETS     where releases' assets are (default https://github.com/OWNER/NAME/releases/download);
#                               a folder or a file:// address stands in for it in tests
#   WHATSNEW_PLATFORM           the runner's platform as `uname -sm` gives it (for tests)
set -euo pipefail

output_file=${GITHUB_OUTPUT:-/dev/null}
action_path=${WHATSNEW_ACTION_PATH:-$(cd "$(dirname "$0")/../.." && pwd)}

build() {
    echo "whatsnew: building from source: $1"
    echo "build=true" >> "$output_file"
    exit 0
}

ref=${WHATSNEW_ACTION_REF:-}
repository=${WHATSNEW_ACTION_REPOSITORY:-}
# …/_actions/OWNER/NAME/REF: the runner's layout for an action it checked out.
if [ -z "$ref" ] || [ -z "$repository" ]; then
    parent=$(dirname "$action_path")
    if [ "$(basename "$(dirname "$(dirname "$parent")")")" = _actions ]; then
        ref=${ref:-$(basename "$action_path")}
        repository=${repository:-$(basename "$(dirname "$parent")")/$(basename "$parent")}
    fi
fi
if [ -z "$ref" ] || [ -z "$repository" ]; then
    build "the action is used from a checkout (uses: ./), not a release"
fi

# The version: the ref's own (v1.5.0, 1.5.0-beta.1), or for a moving major tag (v1, v1.5) the
# version its commit carries, when it is one that tag names.
semver='[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?'
tag=$ref
if [[ "$ref" =~ ^v?($semver)$ ]]; then
    version=${BASH_REMATCH[1]}
elif [[ "$ref" =~ ^v?([0-9]+(\.[0-9]+)?)$ ]]; then
    prefix=${BASH_REMATCH[1]}
    source="$action_path/Sources/WhatsNewCLI/WhatsNewCommand.swift"
    version=$(sed -n 's/^ *static let current = "\(.*\)"$/\1/p' "$source" 2>/dev/null | head -n 1)
    [[ "$version" == "$prefix".* ]] || build "$ref carries version ${version:-none}, which it does not name"
    tag="${ref%%[0-9]*}$version"
else
    build "$ref is not a released version"
fi

platform=${WHATSNEW_PLATFORM:-$(uname -sm)}
case "$platform" in
    "Linux x86_64") triple=x86_64-unknown-linux-gnu ;;
    "Linux aarch64" | "Linux arm64") triple=aarch64-unknown-linux-gnu ;;
    Darwin\ *) triple=universal-apple-macos ;;
    *) build "no release binary for $platform" ;;
esac

name="whatsnew-$version-$triple"
base=${WHATSNEW_RELEASE_ASSETS:-https://github.com/$repository/releases/download}
case "$base" in
    *://*) base="$base/$tag" ;;
    *) base="file://$(cd "$base" && pwd)/$tag" ;;
esac
work=$(mktemp -d "${RUNNER_TEMP:-/tmp}/whatsnew-XXXXXX")
fetch() { curl --fail --silent --show-error --location --retry 3 --output "$work/$1" "$base/$1"; }

echo "whatsnew: downloading $name from $base"
if ! fetch "$name.tar.gz" 2> "$work/error"; then
    cat "$work/error" >&2
    build "release $tag has no $name.tar.gz"
fi
# The binary is there, so a missing sum is a broken release, not a reason to build for minutes.
if ! fetch SHA256SUMS 2> "$work/error"; then
    cat "$work/error" >&2
    echo "whatsnew: release $tag has $name.tar.gz but no SHA256SUMS; not running a binary it cannot verify" >&2
    exit 1
fi
expected=$(awk -v file="$name.tar.gz" '$2 == file || $2 == "*" file { print $1 }' "$work/SHA256SUMS")
if command -v sha256sum > /dev/null; then
    actual=$(sha256sum "$work/$name.tar.gz" | cut -d ' ' -f 1)
else
    actual=$(shasum -a 256 "$work/$name.tar.gz" | cut -d ' ' -f 1)
fi
if [ -z "$expected" ]; then
    echo "whatsnew: SHA256SUMS of $tag lists no $name.tar.gz; not running a binary it cannot verify" >&2
    exit 1
fi
if [ "$expected" != "$actual" ]; then
    echo "whatsnew: $name.tar.gz has SHA-256 $actual, but the release's SHA256SUMS says $expected; not running it" >&2
    exit 1
fi
tar -xzf "$work/$name.tar.gz" -C "$work"
binary="$work/$name/bin/whatsnew"
reported=$("$binary" --version 2>&1 || true)
if [ "$reported" != "$version" ]; then
    echo "whatsnew: the binary in $name.tar.gz says it is ${reported:-nothing}, not $version" >&2
    exit 1
fi
echo "whatsnew: verified $name.tar.gz (SHA-256 $actual)"
echo "bin=$binary" >> "$output_file"
