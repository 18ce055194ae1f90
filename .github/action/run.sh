#!/usr/bin/env bash
# The whatsnew GitHub Action's steps (action.yml runs this file; the tests run it locally).
#
# Environment (the action's inputs):
#   WHATSNEW_COMMAND   release-notes (the default), check, export-sparkle (Sparkle's notes beside
#                      each archive, or into an appcast's descriptions) or deps (what a dependency
#                      update brings, from the changelogs the package managers keep)
#   WHATSNEW_BASE      for check and deps: the commit to compare with (default: origin/$GITHUB_BASE_REF
#                      on a pull request, at its merge base, else whatsnew's own default)
#   WHATSNEW_LOCKFILE  for deps: the lockfile (default: whatsnew finds it)
#   WHATSNEW_FAIL_ON   for deps: breaking to fail when an update brings a breaking change
#   WHATSNEW_SKIP      for check: 1 when the change needs no note (a "no release note" label)
#   WHATSNEW_NOTES     the notes file (default CHANGELOG.md)
#   WHATSNEW_RELEASE   the release to write (default: the pushed tag's version, else the newest tag's);
#                      auto (or major, minor, patch) first releases the fragments and unreleased
#                      changes: the version computed from the notes, written with the version files
#   WHATSNEW_PRE       with auto: a pre-release of this name (beta, rc)
#   WHATSNEW_DRAFT     with auto: 1 to draft notes from the conventional commits since the latest
#                      release and release them with the fragments, in one step
#   WHATSNEW_PACKAGE   in a repository whose .whatsnew.yml lists packages: the packages, comma-
#                      separated, or all; each released package's formats go to $out/<package>/
#   WHATSNEW_FORMATS   comma-separated formats (default markdown): every format the CLI has, markdown,
#                      html, json, text, timeline, appstore, play, testflight, slack, atom
#   WHATSNEW_FEED_URL  with atom: the feed's own address
#   WHATSNEW_ARCHIVES  for export-sparkle: the update archives, one per line (globs expanded)
#   WHATSNEW_APPCAST   for export-sparkle: a hand-kept appcast to fill instead
#   WHATSNEW_LINT      error (fail on lint errors, the default), strict (on warnings too) or off
#   WHATSNEW_OUT       the folder to write into (default whatsnew-out)
#   WHATSNEW_BIN       the whatsnew binary (install.sh downloads the release's); empty: build one
# Outputs ($GITHUB_OUTPUT when set): release, paths (one per line), and one path per format
# (markdown=…, html=…); the Markdown file is the release body. With auto: version, tag, and
# the files the release changed among the paths; released=false when nothing waits. With
# packages: releases, a `package=… version=… tag=…` line per package, and tags, one per line.
set -euo pipefail

notes=${WHATSNEW_NOTES:-CHANGELOG.md}
formats=${WHATSNEW_FORMATS:-markdown}
lint=${WHATSNEW_LINT:-error}
out=${WHATSNEW_OUT:-whatsnew-out}
output_file=${GITHUB_OUTPUT:-/dev/null}
action_root=$(cd "$(dirname "$0")/../.." && pwd)

# The binary: given, or built once from this action's own checkout (the workflow caches .build).
whatsnew=${WHATSNEW_BIN:-}
if [ -z "$whatsnew" ]; then
    if ! pkg-config --exists libcmark yaml-0.1 2>/dev/null; then
        $(command -v sudo) apt-get update -q
        $(command -v sudo) apt-get install -y -q --no-install-recommends libcmark-dev libyaml-dev pkg-config
    fi
    swift build --package-path "$action_root" -c release --product whatsnew >&2
    whatsnew="$(swift build --package-path "$action_root" -c release --show-bin-path)/whatsnew"
fi

# The formats asked for: WHATSNEW_FORMATS split at its commas, spaces dropped.
IFS=',' read -r -a wanted <<< "$formats"
for index in "${!wanted[@]}"; do wanted[index]=$(echo "${wanted[index]}" | tr -d '[:space:]'); done
paths=()

# FORMAT FILE ARGUMENTS…: one format written by whatsnew with ARGUMENTS, text without colour at
# 80 columns, atom with the feed's address; the file joins the paths.
write_format() {
    local format=$1 file=$2 extra=()
    shift 2
    [ "$format" = text ] && extra=(--color never --width 80)
    [ "$format" = atom ] && [ -n "${WHATSNEW_FEED_URL:-}" ] && extra=("--feed-url=$WHATSNEW_FEED_URL")
    "$whatsnew" "$@" --format "$format" --output "$file" "${extra[@]+"${extra[@]}"}"
    paths+=("$file")
}

# The paths written, one per line, as the output `paths`.
output_paths() {
    {
        echo "paths<<WHATSNEW_PATHS"
        printf '%s\n' "${paths[@]+"${paths[@]}"}"
        echo "WHATSNEW_PATHS"
    } >> "$output_file"
}

# The files changed or added in the work tree, with their hashes, to tell what a release wrote.
state() { { git ls-files -m -o --exclude-standard -z 2>/dev/null | xargs -0 -r sha1sum 2>/dev/null || true; } | sort; }

# check: does the pull request add a release note?
if [ "${WHATSNEW_COMMAND:-release-notes}" = check ]; then
    base=${WHATSNEW_BASE:-}
    if [ -z "$base" ] && [ -n "${GITHUB_BASE_REF:-}" ]; then
        base="origin/$GITHUB_BASE_REF"
    fi
    arguments=(check)
    [ -n "$base" ] && arguments+=("--base=$base")
    exec "$whatsnew" "${arguments[@]}"
fi
# export-sparkle: the notes Sparkle shows, beside each archive (generate_appcast pairs them) or
# in a hand-kept appcast; the files written are the paths output.
if [ "${WHATSNEW_COMMAND:-release-notes}" = export-sparkle ]; then
    arguments=(export sparkle "$notes")
    [ -n "${WHATSNEW_RELEASE:-}" ] && arguments+=("--release=${WHATSNEW_RELEASE#v}")
    [ -n "${WHATSNEW_APPCAST:-}" ] && arguments+=("--appcast=$WHATSNEW_APPCAST")
    pages=()
    while IFS= read -r pattern; do
        pattern=$(echo "$pattern" | sed 's/^[[:space:]]*//; s/[[:space:]]*$//')
        [ -n "$pattern" ] || continue
        shopt -s nullglob
        # The pattern is the user's glob: unquoted on purpose.
        # shellcheck disable=SC2206
        matches=($pattern)
        shopt -u nullglob
        if ((${#matches[@]} == 0)); then
            echo "whatsnew: no archive matches $pattern" >&2
            exit 1
        fi
        for archive in "${matches[@]}"; do
            arguments+=("--archive=$archive")
            pages+=("${archive%.*}.html")
        done
    done <<< "${WHATSNEW_ARCHIVES:-}"
    if [ -z "${WHATSNEW_APPCAST:-}" ] && ((${#pages[@]} == 0)); then
        echo "whatsnew: export-sparkle needs archives or an appcast" >&2
        exit 2
    fi
    "$whatsnew" "${arguments[@]}"
    [ -n "${WHATSNEW_APPCAST:-}" ] && pages+=("$WHATSNEW_APPCAST")
    {
        echo "paths<<WHATSNEW_PATHS"
        printf '%s\n' "${pages[@]}"
        echo "WHATSNEW_PATHS"
    } >> "$output_file"
    exit 0
fi
# deps: the notes of every dependency the change updates, in each format asked (markdown is one
# pull request comment); with fail-on breaking, every file is written before the step fails.
if [ "${WHATSNEW_COMMAND:-release-notes}" = deps ]; then
    arguments=(deps)
    base=${WHATSNEW_BASE:-}
    if [ -z "$base" ] && [ -n "${GITHUB_BASE_REF:-}" ]; then
        base=$(git merge-base "origin/$GITHUB_BASE_REF" HEAD)
    fi
    [ -n "$base" ] && arguments+=("--since=$base")
    [ -n "${WHATSNEW_LOCKFILE:-}" ] && arguments+=("--lockfile=$WHATSNEW_LOCKFILE")
    case "${WHATSNEW_FAIL_ON:-}" in
        ''|breaking) ;;
        *) echo "whatsnew: fail-on is breaking or empty, not $WHATSNEW_FAIL_ON" >&2; exit 2 ;;
    esac
    mkdir -p "$out"
    for format in "${wanted[@]}"; do
        case "$format" in
            markdown) file="$out/dependency-updates.md" ;;
            html) file="$out/dependency-updates.html" ;;
            json) file="$out/dependency-updates.json" ;;
            text) file="$out/dependency-updates.txt" ;;
            *) echo "whatsnew: deps writes markdown, html, json and text, not $format" >&2; exit 2 ;;
        esac
        write_format "$format" "$file" "${arguments[@]}"
        echo "$format=$file" >> "$output_file"
        echo "wrote $file"
    done
    output_paths
    if [ "${WHATSNEW_FAIL_ON:-}" = breaking ]; then
        exec "$whatsnew" "${arguments[@]}" --fail-on breaking > /dev/null
    fi
    exit 0
fi
case "${WHATSNEW_COMMAND:-release-notes}" in
    release-notes) ;;
    *) echo "whatsnew: command is release-notes, check, export-sparkle or deps, not $WHATSNEW_COMMAND" >&2; exit 2 ;;
esac

# Packages: each released (auto) or named one's notes in every format, in a folder of its own.
if [ -n "${WHATSNEW_PACKAGE:-}" ]; then
    chosen=()
    IFS=',' read -r -a names <<< "$WHATSNEW_PACKAGE"
    for name in "${names[@]}"; do
        name=$(echo "$name" | tr -d '[:space:]')
        [ -n "$name" ] && chosen+=("--package=$name")
    done
    release=${WHATSNEW_RELEASE:-latest}
    lines=""
    case "$release" in
        auto|major|minor|patch)
            drafting=()
            [ -n "${WHATSNEW_DRAFT:-}" ] && drafting=(--draft)
            if [ "$release" = auto ] && ! problem=$("$whatsnew" next "${chosen[@]}" "${drafting[@]}" 2>&1 >/dev/null); then
                if grep -q "nothing to release" <<< "$problem"; then
                    echo "released=false" >> "$output_file"
                    echo "whatsnew: nothing to release"
                    exit 0
                fi
                echo "$problem" >&2
                exit 1
            fi
            before=$(state)
            arguments=(release "${chosen[@]}" "$release" "${drafting[@]}")
            [ -n "${WHATSNEW_PRE:-}" ] && arguments+=("--pre=$WHATSNEW_PRE")
            lines=$("$whatsnew" "${arguments[@]}")
            after=$(state)
            echo "released=true" >> "$output_file"
            while IFS= read -r line; do
                [ -n "$line" ] && paths+=("${line:42}")
            done < <(comm -13 <(sort <<< "$before") <(sort <<< "$after"))
            ;;
        *)
            # A release named (or the latest) of each package named.
            for argument in "${chosen[@]}"; do
                lines+="package=${argument#--package=} version=$release tag="$'\n'
            done
            ;;
    esac
    lines=$(printf '%s' "$lines")
    case "$lint" in
        off) ;;
        strict) "$whatsnew" lint "${chosen[@]}" --strict ;;
        error) "$whatsnew" lint "${chosen[@]}" ;;
        *) echo "whatsnew: lint is error, strict or off, not $lint" >&2; exit 2 ;;
    esac
    while read -r package version tag; do
        [ -n "$package" ] || continue
        package=${package#package=}
        version=${version#version=}
        folder="$out/${package//\//-}"
        mkdir -p "$folder"
        for format in "${wanted[@]}"; do
            case "$format" in
                markdown) file="$folder/release-notes.md" ;;
                html) file="$folder/whats-new.html" ;;
                json) file="$folder/whats-new.json" ;;
                text) file="$folder/whats-new.txt" ;;
                *) echo "whatsnew: with packages, formats are markdown, html, json and text, not $format" >&2; exit 2 ;;
            esac
            write_format "$format" "$file" --package "$package" --release "$version"
            echo "wrote $file"
        done
        echo "released $package $version${tag:+ (${tag})}"
    done <<< "$lines"
    {
        echo "releases<<WHATSNEW_RELEASES"
        printf '%s\n' "$lines"
        echo "WHATSNEW_RELEASES"
        echo "tags<<WHATSNEW_TAGS"
        sed -n 's/.* tag=\(..*\)$/\1/p' <<< "$lines"
        echo "WHATSNEW_TAGS"
    } >> "$output_file"
    output_paths
    exit 0
fi

release=${WHATSNEW_RELEASE:-}
# auto: write the release first, with the version the notes ask for; its files are outputs too.
case "$release" in
    auto|major|minor|patch)
        # Nothing waiting is no failure on a push: released=false, and the steps after skip.
        if [ "$release" = auto ]; then
            next_arguments=(next --notes "$notes")
            [ -n "${WHATSNEW_DRAFT:-}" ] && next_arguments+=(--draft)
            [ -n "${WHATSNEW_PRE:-}" ] && next_arguments+=("--pre=$WHATSNEW_PRE")
            if ! problem=$("$whatsnew" "${next_arguments[@]}" 2>&1 >/dev/null); then
                if grep -q "there is nothing to release" <<< "$problem"; then
                    echo "released=false" >> "$output_file"
                    echo "whatsnew: nothing to release"
                    exit 0
                fi
                echo "$problem" >&2
                exit 1
            fi
        fi
        # The files it writes: those whose bytes differ after it, by their hashes.
        before=$(state)
        arguments=(release "$release" --notes "$notes")
        [ -n "${WHATSNEW_PRE:-}" ] && arguments+=("--pre=$WHATSNEW_PRE")
        [ -n "${WHATSNEW_DRAFT:-}" ] && arguments+=(--draft)
        written=$("$whatsnew" "${arguments[@]}")
        after=$(state)
        release=$(sed -n 's/^version=//p' <<< "$written")
        tag=$(sed -n 's/^tag=//p' <<< "$written")
        { echo "released=true"; echo "version=$release"; echo "tag=$tag"; } >> "$output_file"
        echo "released $release (tag $tag)"
        while IFS= read -r line; do
            [ -n "$line" ] && paths+=("${line:42}")
        done < <(comm -13 <(sort <<< "$before") <(sort <<< "$after"))
        ;;
esac

# The release: asked for, else the pushed tag (refs/tags/v1.4.0 → 1.4.0), else the newest tag.
if [ -z "$release" ] && [[ "${GITHUB_REF:-}" == refs/tags/* ]]; then
    release=${GITHUB_REF#refs/tags/}
fi
if [ -z "$release" ]; then
    release=$(git describe --tags --abbrev=0 2>/dev/null || true)
fi
release=${release#v}
if [ -z "$release" ]; then
    echo "whatsnew: no release given and no tag to take it from; set the release input" >&2
    exit 1
fi

case "$lint" in
    off) ;;
    strict) "$whatsnew" lint "$notes" --strict ;;
    error) "$whatsnew" lint "$notes" ;;
    *) echo "whatsnew: lint is error, strict or off, not $lint" >&2; exit 2 ;;
esac

mkdir -p "$out"
for format in "${wanted[@]}"; do
    case "$format" in
        markdown) file="$out/release-notes.md" ;;
        html) file="$out/whats-new.html" ;;
        json) file="$out/whats-new.json" ;;
        text) file="$out/whats-new.txt" ;;
        timeline) file="$out/timeline.json" ;;
        appstore) file="$out/appstore.txt" ;;
        play) file="$out/play.txt" ;;
        testflight) file="$out/testflight.txt" ;;
        slack) file="$out/slack.json" ;;
        atom) file="$out/whats-new.xml" ;;
        *) echo "whatsnew: unknown format $format (markdown, html, json, text, timeline, appstore, play, testflight, slack, atom)" >&2; exit 2 ;;
    esac
    write_format "$format" "$file" "$notes" --release "$release"
    echo "$format=$file" >> "$output_file"
    echo "wrote $file"
done

echo "release=$release" >> "$output_file"
output_paths
