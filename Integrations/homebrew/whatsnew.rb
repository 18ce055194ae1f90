# whatsnew's Homebrew formula, for a tap (Integrations/homebrew/README.md says how to publish it).
# It installs the release's prebuilt binary: Integrations/homebrew/update-formula rewrites the
# urls, the sha256 lines and the macOS it needs from a release's SHA256SUMS and macOS binary,
# and Integrations/homebrew/check-formula checks Homebrew's rules and installs and tests it
# without Homebrew. The checksums below are zeros: a tap takes the release's whatsnew.rb.
#
# A formula that builds from source instead would take the tag's source archive as its one url
# (no conditionals), add `depends_on "cmark"` and `depends_on "libyaml"` (the release binaries
# link both statically; a source build links Homebrew's, found through pkg-config) and
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

  # Each platform's release binary. Homebrew's style allows url and sha256 in no on_* block of a
  # formula (FormulaAudit/ComponentsOrder), so plain conditionals choose; taps may use them.
  if OS.mac?
    url "https://github.com/#{REPO}/releases/download/v0.1.0/whatsnew-0.1.0-universal-apple-macos.tar.gz"
    sha256 "0000000000000000000000000000000000000000000000000000000000000000"
  elsif Hardware::CPU.arm?
    url "https://github.com/#{REPO}/releases/download/v0.1.0/whatsnew-0.1.0-aarch64-unknown-linux-gnu.tar.gz"
    sha256 "0000000000000000000000000000000000000000000000000000000000000000"
  else
    url "https://github.com/#{REPO}/releases/download/v0.1.0/whatsnew-0.1.0-x86_64-unknown-linux-gnu.tar.gz"
    sha256 "0000000000000000000000000000000000000000000000000000000000000000"
  end

  # The oldest macOS the macOS binary starts on: update-formula reads it from the binary.
  on_macos do
    depends_on macos: :sonoma
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
