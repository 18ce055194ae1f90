// The cmark headers as pkg-config's libcmark installs them.
#include <cmark.h>
