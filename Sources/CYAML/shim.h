// libyaml's header as pkg-config's yaml-0.1 installs it.
#include <yaml.h>
