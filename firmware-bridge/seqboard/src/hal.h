// Everything the firmware touches on the board, behind one small interface: the Arduino sketch
// implements it with pins, the host build with a scripted sensor field and a pseudo-terminal.
#pragma once
#include <stdint.h>

namespace seqb {

class Hal {
 public:
  virtual ~Hal() {}
  virtual uint32_t millis() = 0;
  /** Drives the four select lines shared by every multiplexer. */
  virtual void selectChannel(uint8_t channel) = 0;
  /** The ADC reading (0..1023) of one multiplexer's common pin, on the selected channel. */
  virtual uint16_t readMux(uint8_t mux) = 0;
  /** Buttons are numbered from 0 here and from 1 on the wire. */
  virtual bool buttonDown(uint8_t button) = 0;
  virtual bool hasLeds() = 0;
  /** colour: 'G', 'B', 'R', 'W' (white) or '.' (off). Shown at the next showLeds(). */
  virtual void setLed(uint8_t space, char colour) = 0;
  virtual void showLeds() = 0;
  virtual void write(const char* bytes, uint8_t length) = 0;
  /** One byte from the host, or -1 when none is waiting. */
  virtual int read() = 0;
};

}  // namespace seqb
