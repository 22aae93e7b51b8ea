#!/bin/sh
# Builds the server image without any image registry (ADR 069): a Debian bookworm root filesystem made with
# mmdebstrap, this machine's Node.js 20 copied into it (Debian bookworm's own nodejs is 18, too old), imported as
# localhost/debian-node:bookworm, then deploy/Containerfile built on it with buildah (chroot isolation, vfs
# storage: works as root inside a container without user namespaces or fuse). Debian packages only:
#   apt-get install mmdebstrap buildah podman
# Run from the repository root: sh deploy/build-image.sh
set -eu
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
node_bin=$(command -v node)
node_root=$(dirname "$(dirname "$(readlink -f "$node_bin")")")
export BUILDAH_ISOLATION=chroot STORAGE_DRIVER=vfs

echo "1/3 root filesystem (mmdebstrap, bookworm, minbase)"
mmdebstrap --variant=minbase --include=ca-certificates,libstdc++6 bookworm "$work/rootfs.tar"

echo "2/3 Node.js $("$node_bin" --version) from $node_root into it, imported as localhost/debian-node:bookworm"
mkdir -p "$work/node/usr/local/bin" "$work/node/usr/local/lib"
cp "$(readlink -f "$node_bin")" "$work/node/usr/local/bin/node"
cp -r "$node_root/lib/node_modules" "$work/node/usr/local/lib/"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$work/node/usr/local/bin/npm"
tar -C "$work/node" -rf "$work/rootfs.tar" usr/local
podman --storage-driver vfs import "$work/rootfs.tar" localhost/debian-node:bookworm

echo "3/3 the image (deploy/Containerfile) as localhost/naija-market:latest"
buildah bud --isolation chroot -f deploy/Containerfile \
  --build-arg BASE_IMAGE=localhost/debian-node:bookworm -t localhost/naija-market:latest .
echo "built: localhost/naija-market:latest"
