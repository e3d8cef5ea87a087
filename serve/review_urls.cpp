#include "serve/review_urls.h"

#include <arpa/inet.h>
#include <fmt/format.h>
#include <ifaddrs.h>
#include <netinet/in.h>
#include <unistd.h>

#include <array>
#include <climits>

namespace egkb {

namespace {

std::string address_url(const std::string& scheme, const std::string& host, int port) {
  if (host.find(':') != std::string::npos) return fmt::format("{}://[{}]:{}/", scheme, host, port);
  return fmt::format("{}://{}:{}/", scheme, host, port);
}

// The interface's address as text, or "" for one no other machine reaches.
std::string reachable_address(const sockaddr* address) {
  std::array<char, INET6_ADDRSTRLEN> text{};
  if (address->sa_family == AF_INET) {
    const in_addr& a = reinterpret_cast<const sockaddr_in*>(address)->sin_addr;
    if ((ntohl(a.s_addr) >> 24) == 127) return "";
    inet_ntop(AF_INET, &a, text.data(), text.size());
  } else if (address->sa_family == AF_INET6) {
    const in6_addr& a = reinterpret_cast<const sockaddr_in6*>(address)->sin6_addr;
    if (IN6_IS_ADDR_LOOPBACK(&a) || IN6_IS_ADDR_LINKLOCAL(&a)) return "";
    inet_ntop(AF_INET6, &a, text.data(), text.size());
  }
  return text.data();
}

}  // namespace

bool is_every_interface(const std::string& host) {
  return host == "0.0.0.0" || host == "::";
}

MachineAddresses machine_addresses() {
  MachineAddresses machine;
  std::array<char, HOST_NAME_MAX + 1> name{};
  if (::gethostname(name.data(), name.size() - 1) == 0) machine.name = name.data();
  ifaddrs* interfaces = nullptr;
  if (::getifaddrs(&interfaces) != 0) return machine;
  for (const ifaddrs* i = interfaces; i != nullptr; i = i->ifa_next) {
    if (i->ifa_addr == nullptr) continue;
    const std::string address = reachable_address(i->ifa_addr);
    if (address.empty()) continue;
    (i->ifa_addr->sa_family == AF_INET ? machine.ipv4 : machine.ipv6).push_back(address);
  }
  ::freeifaddrs(interfaces);
  return machine;
}

std::vector<std::string> review_urls(const std::string& scheme, const std::string& host, int port,
                                     const MachineAddresses& machine) {
  const auto url = [&](const std::string& name, int p) { return address_url(scheme, name, p); };
  if (!is_every_interface(host)) return {url(host, port)};
  const bool ipv6 = host != "0.0.0.0";
  std::vector<std::string> urls;
  if (!machine.name.empty() && machine.name != "localhost") urls.push_back(url(machine.name, port));
  for (const std::string& a : machine.ipv4) urls.push_back(url(a, port));
  if (ipv6) {
    for (const std::string& a : machine.ipv6) urls.push_back(url(a, port));
  }
  if (urls.empty()) urls.push_back(url(ipv6 ? "::1" : "127.0.0.1", port));
  return urls;
}

}  // namespace egkb
