// On Linux the command line links jemalloc, which then serves every allocation in the
// process (see Package.swift); importing the module is what links it.
#if canImport(CJemalloc)
    import CJemalloc
#endif
