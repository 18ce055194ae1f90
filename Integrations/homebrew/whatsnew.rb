# whatsnew's Homebrew formula, for a tap (Integrations/homebrew/README.md says how to publish it).
# It installs the release's prebuilt binary: Integrations/homebrew/update-formula rewrites the
# version, urls and sha256 lines below from a release's SHA256SUMS, and
# Integrations/homebrew/check-formula installs and tests it without Homebrew.
#
# A formula that builds from source instead would take the tag's source archive as its one url
# (no on_macos/on_linux blocks), add `depends_on "cmark"` (the release binaries link cmark
# statically; a source build links Homebrew's, found through libcmark.pc) and
# `depends_on "pkgconf" => :build` (Homebrew's pkg-config), and its install would run
# `system "swift", "build", "-c", "release", "--disable-sandbox"` (SwiftPM's own sandbox cannot
# start inside Homebrew's), install .build/release/whatsnew and generate the completions from it.
#
# No license line yet: the project has not chosen one.
class Whatsnew < Formula
  # The GitHub repository that publishes the releases; its owner is not settled yet.
  REPO = "whatsnew-notes/whatsnew".freeze

  desc "Turn Markdown release notes into a What's New sheet"
  homepage "https://github.com/#{REPO}"

  on_macos do
    url "https://github.com/#{REPO}/releases/download/v0.1.0/whatsnew-0.1.0-universal-apple-macos.tar.gz"
    sha256 "0000000000000000000000000000000000000000000000000000000000000000"
  end

  on_linux do
    on_intel do
      url "https://github.com/#{REPO}/releases/download/v0.1.0/whatsnew-0.1.0-x86_64-unknown-linux-gnu.tar.gz"
      sha256 "0000000000000000000000000000000000000000000000000000000000000000"
    end
    on_arm do
      url "https://github.com/#{REPO}/releases/download/v0.1.0/whatsnew-0.1.0-aarch64-unknown-linux-gnu.tar.gz"
      sha256 "0000000000000000000000000000000000000000000000000000000000000000"
    end
  end

  def install
    bin.install "bin/whatsnew"
    bash_completion.install "share/bash-completion/completions/whatsnew"
    zsh_completion.install "share/zsh/site-functions/_whatsnew"
    fish_completion.install "share/fish/vendor_completions.d/whatsnew.fish"
  end

  test do
    (testpath/"CHANGELOG.md").write <<~MARKDOWN
      # Changelog

      ## [1.2.0] - 2024-05-01

      ### Added

      - Sheets for every release
    MARKDOWN

    sheet = shell_output("#{bin}/whatsnew CHANGELOG.md --format markdown")
    assert_match "## 1.2.0", sheet
    assert_match "Sheets for every release", sheet
    assert_equal version.to_s, shell_output("#{bin}/whatsnew --version").strip
  end
end
