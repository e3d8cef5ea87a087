// Files many tests start from, made once for the egkb binary under test and shared by the test
// processes (ctest runs each test in a process of its own): forty fault tests synthesising and
// importing the same base each cost more than the tests themselves.
#pragma once

#include <filesystem>
#include <functional>
#include <string>

namespace egkb::test {

// Copies into `into` the files `make` writes into the directory it is given. `make` runs once
// per `name` and egkb binary (a rebuilt binary makes them again), under a lock that other test
// processes wait on; what it made goes into place only when the test has not failed.
void copy_shared_files(const std::string& name,
                       const std::function<void(const std::filesystem::path& dir)>& make,
                       const std::filesystem::path& into);

}  // namespace egkb::test
