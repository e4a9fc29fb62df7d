#pragma once
#include <stdint.h>

namespace seqb {

/** CRC-8, polynomial 0x07, initial 0x00, no reflection, no final XOR (contracts section 4). */
inline uint8_t crc8(const char* bytes, uint16_t length) {
  uint8_t crc = 0;
  for (uint16_t i = 0; i < length; i++) {
    crc ^= static_cast<uint8_t>(bytes[i]);
    for (uint8_t bit = 0; bit < 8; bit++) crc = (crc & 0x80) ? static_cast<uint8_t>((crc << 1) ^ 0x07) : static_cast<uint8_t>(crc << 1);
  }
  return crc;
}

}  // namespace seqb
