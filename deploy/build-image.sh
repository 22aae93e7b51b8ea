#!/bin/sh
# Builds the server image without any image registry (ADR 069): a Debian bookworm root filesystem made with
# debootstrap, this machine's Node.js 20 copied into it (Debian bookworm's own nodejs is 18, too old), imported as
# localhost/debian-node:bookworm, then deploy/Containerfile built on it with buildah (chroot isolation, vfs
# storage: works as root inside a container without user namespaces or fuse). Debian packages only:
#   apt-get install debootstrap buildah podman
# Run from the repository root: sh deploy/build-image.sh
# ROOTFS=/some/folder reuses a root filesystem an earlier run made there (debootstrap takes minutes).
# mmdebstrap was tried first and failed in this sandbox (its chroot dpkg step ends with SIGPIPE); debootstrap works.
set -eu
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
node_bin=$(command -v node)
node_root=$(dirname "$(dirname "$(readlink -f "$node_bin")")")
export BUILDAH_ISOLATION=chroot
rootfs=${ROOTFS:-$work/rootfs}

if [ -x "$rootfs/usr/bin/dpkg" ]; then
  echo "1/3 root filesystem: reusing $rootfs"
else
  echo "1/3 root filesystem (debootstrap, bookworm, minbase) in $rootfs"
  debootstrap --variant=minbase --include=ca-certificates,libstdc++6 bookworm "$rootfs" http://deb.debian.org/debian
fi

echo "2/3 Node.js $("$node_bin" --version) from $node_root into it, imported as localhost/debian-node:bookworm"
mkdir -p "$rootfs/usr/local/bin" "$rootfs/usr/local/lib"
cp "$(readlink -f "$node_bin")" "$rootfs/usr/local/bin/node"
rm -rf "$rootfs/usr/local/lib/node_modules"
cp -r "$node_root/lib/node_modules" "$rootfs/usr/local/lib/"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
# Node's headers, so native addons compile without downloading them (nodejs.org may be out of reach).
rm -rf "$rootfs/usr/local/include/node"
mkdir -p "$rootfs/usr/local/include"
cp -r "$node_root/include/node" "$rootfs/usr/local/include/node"
tar -C "$rootfs" -cf "$work/rootfs.tar" .
podman --storage-driver vfs import "$work/rootfs.tar" localhost/debian-node:bookworm

echo "3/3 the image (deploy/Containerfile) as localhost/naija-market:latest"
# Behind a proxy that re-signs TLS, npm inside the build needs this machine's certificate bundle: mounted for the
# build steps only (BUILD_CA_BUNDLE=none to leave it out).
bundle=${BUILD_CA_BUNDLE:-/etc/ssl/certs/ca-certificates.crt}
set --
if [ "$bundle" != none ] && [ -f "$bundle" ]; then
  set -- --volume "$bundle:/run/build-ca.crt:ro" --build-arg NODE_EXTRA_CA_CERTS=/run/build-ca.crt
fi
# --format docker: an OCI image has no HEALTHCHECK (buildah drops it with a warning), and the Containerfile's is the
# runtime's liveness check (`podman healthcheck run`).
buildah --storage-driver vfs bud --isolation chroot --format docker -f deploy/Containerfile "$@" \
  --build-arg BASE_IMAGE=localhost/debian-node:bookworm --build-arg npm_config_nodedir=/usr/local -t localhost/naija-market:latest .
echo "built: localhost/naija-market:latest"
