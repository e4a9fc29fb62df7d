#include "wire.h"
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>
#include "crc8.h"

namespace host {

static const size_t kQueueLimit = 64 * 1024;  // a UART buffer, not a memory leak

bool Wire::plug(std::string& error) {
  struct stat st;
  if (lstat(link_.c_str(), &st) == 0) {
    if (!S_ISLNK(st.st_mode)) {
      error = "--link " + link_ + " exists and is not a symbolic link; refusing to replace it";
      return false;
    }
    unlink(link_.c_str());
  }
  const int master = posix_openpt(O_RDWR | O_NOCTTY | O_NONBLOCK);
  if (master < 0 || grantpt(master) != 0 || unlockpt(master) != 0) {
    error = std::string("cannot open a pseudo-terminal: ") + strerror(errno);
    if (master >= 0) close(master);
    return false;
  }
  const char* name = ptsname(master);
  if (name == nullptr) {
    error = "cannot name the pseudo-terminal";
    close(master);
    return false;
  }
  // Raw from the start: a line discipline would echo frames back to the board and eat CRs.
  const int slave = open(name, O_RDWR | O_NOCTTY);
  if (slave >= 0) {
    termios t;
    if (tcgetattr(slave, &t) == 0) {
      cfmakeraw(&t);
      tcsetattr(slave, TCSANOW, &t);
    }
    close(slave);
  }
  if (symlink(name, link_.c_str()) != 0) {
    error = "cannot create the link " + link_ + ": " + strerror(errno);
    close(master);
    return false;
  }
  master_ = master;
  slave_ = name;
  listening_ = false;
  return true;
}

void Wire::unplug() {
  if (master_ < 0) return;
  close(master_);
  master_ = -1;
  unlink(link_.c_str());
  out_.clear();
  queued_ = 0;
  partial_.clear();
  listening_ = false;
}

void Wire::fromFirmware(const char* bytes, size_t length, uint64_t now) {
  for (size_t i = 0; i < length; i++) {
    partial_ += bytes[i];
    if (bytes[i] == '\n') {
      frame(partial_, now);
      partial_.clear();
    }
  }
}

void Wire::raw(const std::string& bytes, uint64_t now) {
  if (master_ < 0 || silent(now)) return;
  enqueue(bytes, now);
}

void Wire::enqueue(std::string bytes, uint64_t due) {
  if (queued_ + bytes.size() > kQueueLimit) return;  // a full UART buffer drops, as a board's would
  if (due < lastDue_) due = lastDue_;                   // never overtake a split frame still going out
  lastDue_ = due;
  queued_ += bytes.size();
  out_.push_back(Chunk{due, std::move(bytes)});
}

void Wire::frame(std::string bytes, uint64_t now) {
  if (master_ < 0 || silent(now)) return;
  if (dropLeft_ > 0) {
    dropLeft_--;
    return;
  }
  const size_t star = bytes.rfind('*');
  if (crcLeft_ > 0 && star != std::string::npos && star + 2 < bytes.size()) {
    crcLeft_--;
    // A CRC that is wrong but well formed: only the check itself can catch it.
    const unsigned crc = static_cast<unsigned>(strtoul(bytes.substr(star + 1, 2).c_str(), nullptr, 16)) ^ 0x5Au;
    char hex[3];
    snprintf(hex, sizeof hex, "%02X", crc);
    bytes[star + 1] = hex[0];
    bytes[star + 2] = hex[1];
  }
  if (flipLeft_ > 0 && star != std::string::npos && star > 2) {
    flipLeft_--;
    // One mangled byte that still looks like a frame (a digit for a digit, a colour for a colour).
    const size_t at = 2 + noise_.next() % (star - 2);
    char& c = bytes[at];
    static const char kColours[] = ".GBR";
    if (c >= '0' && c <= '9') {
      c = static_cast<char>('0' + (c - '0' + 1 + noise_.next() % 9) % 10);
    } else if (const char* p = strchr(kColours, c)) {
      c = kColours[(p - kColours + 1 + noise_.next() % 3) % 4];
    } else {
      c = static_cast<char>(c ^ 0x01);
    }
  }
  std::string before;
  for (; garbageBytes_ > 0; garbageBytes_--) before += static_cast<char>(noise_.next() & 0xFF);
  if (overlongBytes_ > 0) {
    before += '$';
    for (; overlongBytes_ > 0; overlongBytes_--) before += static_cast<char>('A' + noise_.next() % 26);
    before += "\r\n";
  }
  if (!before.empty()) enqueue(before, now);
  const int copies = 1 + (dupLeft_ > 0 ? 1 : 0);
  if (dupLeft_ > 0) dupLeft_--;
  const bool splitting = splitLeft_ > 0;
  if (splitting) splitLeft_--;
  for (int copy = 0; copy < copies; copy++) {
    if (!splitting) {
      enqueue(bytes, now);
      continue;
    }
    // Pieces of 1 to 8 bytes, each written on its own after a pause.
    uint64_t due = now;
    for (size_t at = 0; at < bytes.size();) {
      const size_t n = 1 + noise_.next() % 8;
      enqueue(bytes.substr(at, n), due);
      at += n;
      due = (lastDue_ > due ? lastDue_ : due) + static_cast<uint64_t>(splitGapMs_);
    }
  }
}

void Wire::service(uint64_t now, std::deque<char>& rx) {
  if (master_ < 0) return;
  pollfd p = {master_, POLLIN, 0};
  poll(&p, 1, 0);
  // POLLHUP: no program has the slave side open; what the board sends now is lost.
  listening_ = (p.revents & POLLHUP) == 0;
  while (!out_.empty() && out_.front().due <= now) {
    Chunk& chunk = out_.front();
    if (listening_ && !silent(now)) {
      const ssize_t n = write(master_, chunk.bytes.data(), chunk.bytes.size());
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
      if (n > 0 && static_cast<size_t>(n) < chunk.bytes.size()) {
        chunk.bytes.erase(0, static_cast<size_t>(n));
        queued_ -= static_cast<size_t>(n);
        break;
      }
    }
    queued_ -= chunk.bytes.size();
    out_.pop_front();
  }
  if (listening_ && (p.revents & POLLIN)) {
    char buf[512];
    const ssize_t n = read(master_, buf, sizeof buf);
    if (n > 0 && !silent(now)) rx.insert(rx.end(), buf, buf + n);
  }
}

}  // namespace host
