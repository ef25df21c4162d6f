#!/usr/bin/env bash
# Installs a Bitcoin regtest node (bitcoind, bitcoin-cli) for development, tests and CI into
# <repo>/.cache/bitcoind/, touching nothing of the system's.
#
# Debian 12 has no bitcoind, so this takes Debian's bitcoin-knots (a Bitcoin Core fork with the
# same RPC and regtest) from unstable (testing if unstable has none that works), together with every
# library it needs down to glibc and its loader. The .deb files are fetched with a private apt
# configuration (its own sources, lists and cache in a temp folder: the system's apt state is not
# read or written) and unpacked with dpkg-deb -x into .cache/bitcoind/root. The wrappers in
# .cache/bitcoind/bin run the binaries through that root's own loader (ld-linux-x86-64.so.2) with
# only that root's libraries, so a caller just runs `.cache/bitcoind/bin/bitcoind -regtest ...`.
#
# Idempotent: a no-op when the installed bitcoind already answers -version. FORCE=1 reinstalls.
# BITCOIND_DEBIAN_SUITES (default "unstable testing") names the Debian suites to try, in order.
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DEST="$REPO/.cache/bitcoind"
SUITES="${BITCOIND_DEBIAN_SUITES:-unstable testing}"
MIRROR="http://deb.debian.org/debian"
MULTIARCH="x86_64-linux-gnu"
LOADER_NAME="ld-linux-x86-64.so.2"

fail() {
  echo "install-bitcoind: $*" >&2
  exit 1
}
say() { echo "install-bitcoind: $*"; }

if [[ -z "${FORCE:-}" && -x "$DEST/bin/bitcoind" ]] && version="$("$DEST/bin/bitcoind" -version 2>/dev/null | head -n 1)"; then
  say "already installed in $DEST: $version"
  exit 0
fi

[[ "$(uname -s)-$(uname -m)" == "Linux-x86_64" ]] || fail "only Linux x86_64 is supported (this is $(uname -s)-$(uname -m))"
for tool in apt-get apt-cache dpkg-deb; do
  command -v "$tool" >/dev/null || fail "$tool is missing: this script needs a Debian-based system"
done

mkdir -p "$REPO/.cache"
WORK="$(mktemp -d "$REPO/.cache/bitcoind-install.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

# Writes the wrappers of a root: each execs the real binary through the root's own loader, with the
# root's library folders only (the caller's LD_* variables could otherwise mix in other libraries).
write_wrappers() {
  local dest="$1" name
  mkdir -p "$dest/bin"
  for name in bitcoind bitcoin-cli bitcoin-wallet bitcoin-tx bitcoin-util; do
    [[ -x "$dest/root/usr/bin/$name" ]] || continue
    cat >"$dest/bin/$name" <<WRAPPER
#!/bin/sh
# Written by scripts/install-bitcoind.sh: runs Debian's $name with its own private libraries.
root="\$(cd "\$(dirname "\$0")/../root" && pwd)"
lib="\$root/usr/lib/$MULTIARCH"
unset LD_LIBRARY_PATH LD_PRELOAD
exec "\$lib/$LOADER_NAME" --argv0 "\$0" --library-path "\$lib:\$root/lib/$MULTIARCH" "\$root/usr/bin/$name" "\$@"
WRAPPER
    chmod +x "$dest/bin/$name"
  done
}

# Installs from one Debian suite into $WORK/<suite>/dest; returns non-zero (with a message) if it
# cannot.
try_suite() {
  local suite="$1"
  local dir="$WORK/$suite"
  local dest="$dir/dest"
  mkdir -p "$dir/apt/lists/partial" "$dir/apt/cache/archives/partial" "$dir/debs" "$dest/root"
  echo "deb $MIRROR $suite main" >"$dir/apt/sources.list"
  local apt=(-o "Dir::Etc::SourceList=$dir/apt/sources.list" -o "Dir::Etc::SourceParts=/dev/null"
    -o "Dir::State::Lists=$dir/apt/lists" -o "Dir::State::status=/dev/null" -o "Dir::Cache=$dir/apt/cache"
    -o "Dir::Cache::pkgcache=" -o "Dir::Cache::srcpkgcache=")
  # As root apt downloads as the user _apt, who cannot write into this folder.
  if ((EUID == 0)); then apt+=(-o "APT::Sandbox::User=root"); fi

  say "reading the package list of Debian $suite"
  if ! apt-get "${apt[@]}" -qq update >"$dir/update.log" 2>&1 || grep -q '^E:' "$dir/update.log"; then
    cat "$dir/update.log" >&2
    echo "install-bitcoind: apt-get update for Debian $suite failed" >&2
    return 1
  fi
  # bitcoin-knots and the library packages it depends on, recursively (its other dependencies,
  # debconf and systemd, only serve the system service it would set up). One apt-cache call lists
  # the whole dependency tree; awk walks it from bitcoin-knots through lib* packages only.
  local packages
  mapfile -t packages < <(apt-cache "${apt[@]}" depends --recurse --no-recommends --no-suggests \
    --no-conflicts --no-breaks --no-replaces --no-enhances bitcoin-knots 2>/dev/null | awk '
      /^[^ ]/ { pkg = $1; next }
      $1 ~ /^\|?(Pre)?Depends:$/ && $2 ~ /^lib/ { deps[pkg] = deps[pkg] " " $2 }
      END {
        if (!("bitcoin-knots" in deps)) exit
        queue[1] = "bitcoin-knots"; seen["bitcoin-knots"] = 1; n = 1
        for (i = 1; i <= n; i++) {
          k = split(deps[queue[i]], list, " ")
          for (j = 1; j <= k; j++) if (!(list[j] in seen)) { seen[list[j]] = 1; queue[++n] = list[j] }
        }
        for (i = 1; i <= n; i++) print queue[i]
      }' | sort)
  if ((${#packages[@]} == 0)); then
    echo "install-bitcoind: Debian $suite has no bitcoin-knots package" >&2
    return 1
  fi

  say "downloading ${#packages[@]} packages from Debian $suite: ${packages[*]}"
  if ! (cd "$dir/debs" && apt-get "${apt[@]}" -qq download "${packages[@]}") >"$dir/download.log" 2>&1; then
    cat "$dir/download.log" >&2
    echo "install-bitcoind: downloading from Debian $suite failed" >&2
    return 1
  fi
  local deb
  for deb in "$dir"/debs/*.deb; do dpkg-deb -x "$deb" "$dest/root"; done
  (cd "$dir/debs" && ls *.deb) >"$dest/packages.txt"

  local lib="$dest/root/usr/lib/$MULTIARCH"
  [[ -x "$lib/$LOADER_NAME" && -x "$dest/root/usr/bin/bitcoind" ]] || {
    echo "install-bitcoind: the unpacked packages have no $LOADER_NAME or bitcoind" >&2
    return 1
  }
  # Every library must resolve inside the root: the loader would otherwise fall back to the system's.
  local listing outside
  listing="$("$lib/$LOADER_NAME" --library-path "$lib:$dest/root/lib/$MULTIARCH" --list "$dest/root/usr/bin/bitcoind" 2>&1)" || true
  outside="$(grep '=>' <<<"$listing" | grep -v "=> $dest/root/" || true)"
  if [[ -n "$outside" ]]; then
    echo "$outside" >&2
    echo "install-bitcoind: these libraries of bitcoind are not in the packages from Debian $suite" >&2
    return 1
  fi
  write_wrappers "$dest"
  if ! "$dest/bin/bitcoind" -version >"$dir/version.log" 2>&1; then
    cat "$dir/version.log" >&2
    echo "install-bitcoind: the bitcoind from Debian $suite does not run" >&2
    return 1
  fi
  echo "$suite" >"$dest/suite.txt"
}

started=$SECONDS
for suite in $SUITES; do
  if try_suite "$suite"; then
    rm -rf "$DEST"
    mv "$WORK/$suite/dest" "$DEST"
    say "installed into $DEST from Debian $suite in $((SECONDS - started)) s:"
    sed 's/^/  /' "$DEST/packages.txt"
    say "$("$DEST/bin/bitcoind" -version | head -n 1)"
    say "run it as $DEST/bin/bitcoind -regtest ..."
    exit 0
  fi
done
fail "could not install bitcoind from Debian ($SUITES) via $MIRROR; see the messages above"
