// The cable between the board and the host: a pseudo-terminal whose slave side is linked at
// --link PATH, with a fault layer between the firmware's frame writer and the line.
#pragma once
#include <stdint.h>
#include <deque>
#include <string>
#include "sim_hal.h"

namespace host {

class Wire {
 public:
  Wire(std::string link, uint32_t seed) : link_(std::move(link)), noise_(seed ^ 0x5bd1e995u) {}
  ~Wire() { unplug(); }

  /** Opens a new pseudo-terminal and points the link at its slave side. */
  bool plug(std::string& error);
  /** Closes the pseudo-terminal and removes the link, as pulling the cable would. */
  void unplug();
  bool plugged() const { return master_ >= 0; }
  const std::string& slaveName() const { return slave_; }

  /** Bytes from the firmware's writer; every complete frame passes the fault layer. */
  void fromFirmware(const char* bytes, size_t length, uint64_t now);
  /** Bytes written as they are (a recorded log, or a test's own frames). */
  void raw(const std::string& bytes, uint64_t now);

  // Faults on the next frames the firmware writes.
  void corruptCrc(int frames) { crcLeft_ += frames; }
  void flipByte(int frames) { flipLeft_ += frames; }
  void drop(int frames) { dropLeft_ += frames; }
  void duplicate(int frames) { dupLeft_ += frames; }
  void garbage(int bytes) { garbageBytes_ += bytes; }
  void overlong(int bytes) { overlongBytes_ += bytes; }
  void split(int gapMs, int frames) { splitGapMs_ = gapMs; splitLeft_ += frames; }
  /** Nothing goes out or comes in for this long. */
  void silence(int ms, uint64_t now) { silentUntil_ = now + static_cast<uint64_t>(ms); }
  bool silent(uint64_t now) const { return now < silentUntil_; }

  /** Writes what is due and reads what the host sent into `rx`. */
  void service(uint64_t now, std::deque<char>& rx);
  /** True while a program has the slave side open (a closed port swallows what is sent). */
  bool listening() const { return listening_; }
  int fd() const { return master_; }
  size_t queuedBytes() const { return queued_; }

 private:
  void frame(std::string bytes, uint64_t now);
  void enqueue(std::string bytes, uint64_t due);
  std::string link_;
  std::string slave_;
  int master_ = -1;
  bool listening_ = false;
  Noise noise_;
  std::string partial_;
  struct Chunk {
    uint64_t due;
    std::string bytes;
  };
  std::deque<Chunk> out_;
  size_t queued_ = 0;
  uint64_t lastDue_ = 0;
  uint64_t silentUntil_ = 0;
  int crcLeft_ = 0, flipLeft_ = 0, dropLeft_ = 0, dupLeft_ = 0, splitLeft_ = 0, splitGapMs_ = 5;
  int garbageBytes_ = 0, overlongBytes_ = 0;
};

}  // namespace host
