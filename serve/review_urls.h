// The addresses `egkb serve` prints for reviewers: ones a browser can open, also when the server
// listens on every interface (0.0.0.0, ::), an address no browser can go to.
#pragma once

#include <string>
#include <vector>

namespace egkb {

// Whether `host` is the wildcard address of IPv4 (0.0.0.0) or IPv6 (::): the server listens on
// every interface of the machine.
bool is_every_interface(const std::string& host);

// This machine as other machines may reach it: its host name and the addresses of its
// interfaces, without loopback and link-local ones (a browser needs an interface's zone for the
// latter).
struct MachineAddresses {
  std::string name;               // gethostname(); empty when it has none
  std::vector<std::string> ipv4;  // "192.168.1.5"
  std::vector<std::string> ipv6;  // "2001:db8::5"
};

MachineAddresses machine_addresses();

// "SCHEME://HOST:PORT/" for each address a reviewer may open, the one to give first first: `host`
// itself, or for a wildcard the machine's name and then each address the server listens on
// (IPv4 for 0.0.0.0; IPv4 and IPv6 for ::, which takes both on Linux); loopback when the
// machine has nothing else. IPv6 addresses in brackets.
// `scheme`: "http", or "https" for a server with TLS.
std::vector<std::string> review_urls(const std::string& scheme, const std::string& host, int port,
                                     const MachineAddresses& machine);

}  // namespace egkb
