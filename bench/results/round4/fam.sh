# variant → the rung it is swapped into, and its shapes: fam VARIANT  (sets k, sizes, shapes, params)
fam() {
  params=""
  case $1 in
    b128x128*) k=reg16x8v; sizes=2048,4096; shapes=2039x3001x1531; params=GROUP=16;;
    b128x64*|b64x64*) k=$([ ${1:0:7} = b128x64 ] && echo blk128x64v || echo blk64x64v); sizes=1024; shapes=2039x3001x1531;;
    b128x256*vb*) k=blk128x256; sizes=2048,4096; shapes="";;
    b128x256*) k=blk128x256; sizes=2048,4096; shapes=2039x3001x1531;;
  esac
}
# the app's own rungs as baselines: "kernel|params|sizes|shapes"
BASE="reg16x8v|GROUP=16|2048,4096|2039x3001x1531 reg16x8|GROUP=8|2048,4096|2039x3001x1531 blk128x64v||1024|2039x3001x1531 blk64x64v||1024|2039x3001x1531 blk128x256||2048,4096|2039x3001x1531"
