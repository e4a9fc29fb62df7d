// The wire format of contracts section 4: frames out with seq and CRC, host commands in.
#pragma once
#include <stdint.h>
#include "hal.h"

namespace seqb {

/** Builds one frame at a time in a fixed buffer and writes it whole. */
class FrameWriter {
 public:
  static const uint8_t kCapacity = 128;  // a snapshot is 114 bytes with its CRC and line end
  explicit FrameWriter(Hal& hal) : hal_(hal) {}
  void setSeq(uint16_t seq) { seq_ = seq; }
  /** The seq the next frame will carry. */
  uint16_t nextSeq() const { return seq_; }
  void begin(char type);
  void field(const char* text);
  void field(char c);
  void field(uint16_t number);
  /** Appends the CRC and line end, writes the frame and raises seq (wrapping 65535 to 0). */
  void end();

 private:
  void put(char c);
  Hal& hal_;
  char buf_[kCapacity];
  uint8_t len_ = 0;
  uint16_t seq_ = 0;
};

/** A host command once its line is complete and its CRC checks. */
struct Command {
  char type;       // 'Q', 'V' or 'L'
  uint8_t row;     // L only
  uint8_t col;
  char colour;     // 'G', 'B', 'R', 'W' or '.'
};

/**
 * Reads host bytes one at a time. A line runs from its last '$' to '\n'; a line longer than the
 * buffer is dropped whole, so garbage can never grow it or leave half a command behind.
 */
class CommandReader {
 public:
  static const uint8_t kCapacity = 24;  // "$L,9,9,W*CC" is 11 bytes
  /** Returns true when `command` holds a complete, valid command; anything else is dropped. */
  bool feed(char c, Command& command);

 private:
  bool parse(Command& command);
  char buf_[kCapacity];
  uint8_t len_ = 0;
  bool inLine_ = false;
  bool overflow_ = false;
};

int hexValue(char c);

}  // namespace seqb
