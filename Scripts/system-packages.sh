# Shared by Scripts/test and Scripts/demo (sourced, not run): installs the system
# packages the build needs when they are missing. Debian's packages only, through apt-get.

# Installs Debian's package `$1` unless the file `$2` it provides is already there. Fails with
# a clear message when it cannot install.
ensure_debian_package() {
  local package=$1 file=$2
  if [ -e "$file" ]; then
    return 0
  fi
  echo "$(basename "$0"): $package is missing; installing it with apt-get." >&2
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
      sudo="sudo"
    else
      echo "$(basename "$0"): install $package as root: apt-get install $package" >&2
      return 1
    fi
  fi
  # Quiet on success, the whole output on failure.
  local log
  log=$(mktemp)
  if ! { $sudo apt-get update && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y "$package"; } >"$log" 2>&1; then
    cat "$log" >&2
    rm -f "$log"
    echo "$(basename "$0"): could not install $package (above)." >&2
    return 1
  fi
  rm -f "$log"
  if [ ! -e "$file" ]; then
    echo "$(basename "$0"): $package installed, but $file is still missing." >&2
    return 1
  fi
}

# The line editor the shell is built on.
ensure_libedit() {
  ensure_debian_package libedit-dev /usr/include/histedit.h
}
