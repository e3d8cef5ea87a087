# find_package(egkb-probe): the imported targets egkb::probe (libegkb-probe.so) and
# egkb::probe_static (libegkb-probe.a, which needs zlib at link time).
include(CMakeFindDependencyMacro)
find_dependency(ZLIB)
include("${CMAKE_CURRENT_LIST_DIR}/egkb-probe-targets.cmake")
