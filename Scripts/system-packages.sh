# Shared by Scripts/test and Scripts/demo (sourced, not run): installs the system
# packages the build needs when they are missing. Debian's packages only, through apt-get.

# Installs Debian's `libedit-dev` (the line editor the shell is built on) unless its header
# is already there. Fails with a clear message when it cannot install.
ensure_libedit() {
  if [ -f /usr/include/histedit.h ]; then
    return 0
  fi
  echo "$(basename "$0"): libedit-dev is missing; installing it with apt-get." >&2
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
      sudo="sudo"
    else
      echo "$(basename "$0"): install libedit-dev as root: apt-get install libedit-dev" >&2
      return 1
    fi
  fi
  # Quiet on success, the whole output on failure.
  local log
  log=$(mktemp)
  if ! { $sudo apt-get update && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y libedit-dev; } >"$log" 2>&1; then
    cat "$log" >&2
    rm -f "$log"
    echo "$(basename "$0"): could not install libedit-dev (above)." >&2
    return 1
  fi
  rm -f "$log"
  if [ ! -f /usr/include/histedit.h ]; then
    echo "$(basename "$0"): libedit-dev installed, but /usr/include/histedit.h is still missing." >&2
    return 1
  fi
}
