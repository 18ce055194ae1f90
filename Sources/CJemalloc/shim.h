// Nothing is called by name: linking libjemalloc puts its malloc and free in front of the C
// library's for the whole process, Swift's runtime included.
#include <jemalloc/jemalloc.h>
