#include "protocol.h"
#include "crc8.h"

namespace seqb {

static const char kHex[] = "0123456789ABCDEF";

void FrameWriter::put(char c) {
  if (len_ < kCapacity) buf_[len_++] = c;
}

void FrameWriter::begin(char type) {
  len_ = 0;
  put('$');
  put(type);
  field(seq_);
}

void FrameWriter::field(const char* text) {
  put(',');
  // '$' and '*' would break the frame for every receiver; the contract forbids them in fields.
  for (; *text; text++) put((*text == '$' || *text == '*') ? '_' : *text);
}

void FrameWriter::field(char c) {
  put(',');
  put(c);
}

void FrameWriter::field(uint16_t number) {
  char digits[6];
  uint8_t n = 0;
  do {
    digits[n++] = static_cast<char>('0' + number % 10);
    number /= 10;
  } while (number > 0);
  put(',');
  while (n > 0) put(digits[--n]);
}

void FrameWriter::end() {
  // Five bytes must fit: '*', two CRC digits, CR, LF. Fields are cut short rather than the tail.
  if (len_ > kCapacity - 5) len_ = kCapacity - 5;
  const uint8_t crc = crc8(buf_ + 1, static_cast<uint16_t>(len_ - 1));
  put('*');
  put(kHex[crc >> 4]);
  put(kHex[crc & 0x0F]);
  put('\r');
  put('\n');
  hal_.write(buf_, len_);
  seq_ = static_cast<uint16_t>(seq_ + 1);
}

int hexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

bool CommandReader::feed(char c, Command& command) {
  if (c == '$') {
    // A line is read from its last '$': an unfinished one before it is garbage.
    inLine_ = true;
    overflow_ = false;
    len_ = 0;
    return false;
  }
  if (!inLine_) return false;
  if (c == '\r') return false;
  if (c == '\n') {
    inLine_ = false;
    return !overflow_ && parse(command);
  }
  if (len_ < kCapacity) {
    buf_[len_++] = c;
  } else {
    overflow_ = true;
  }
  return false;
}

static bool isColour(char c) { return c == 'G' || c == 'B' || c == 'R' || c == 'W' || c == '.'; }

bool CommandReader::parse(Command& command) {
  // body "*" hex hex
  if (len_ < 4 || buf_[len_ - 3] != '*') return false;
  const int hi = hexValue(buf_[len_ - 2]);
  const int lo = hexValue(buf_[len_ - 1]);
  const uint8_t bodyLength = static_cast<uint8_t>(len_ - 3);
  if (hi < 0 || lo < 0 || crc8(buf_, bodyLength) != (hi << 4 | lo)) return false;
  command.type = buf_[0];
  if ((command.type == 'Q' || command.type == 'V') && bodyLength == 1) return true;
  // "L,r,c,x": the board is 10x10, so row and column are one digit each.
  if (command.type == 'L' && bodyLength == 7 && buf_[1] == ',' && buf_[3] == ',' && buf_[5] == ',' &&
      buf_[2] >= '0' && buf_[2] <= '9' && buf_[4] >= '0' && buf_[4] <= '9' && isColour(buf_[6])) {
    command.row = static_cast<uint8_t>(buf_[2] - '0');
    command.col = static_cast<uint8_t>(buf_[4] - '0');
    command.colour = buf_[6];
    return true;
  }
  return false;
}

}  // namespace seqb
