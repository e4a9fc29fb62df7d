// Just enough of the Arduino API to compile-check seqboard.ino with g++ (`make sketch-check`).
// Declarations only: nothing is linked or run.
#pragma once
#include <stddef.h>
#include <stdint.h>

#define HIGH 1
#define LOW 0
#define INPUT 0
#define OUTPUT 1
#define INPUT_PULLUP 2
enum : uint8_t { A0 = 54, A1, A2, A3, A4, A5, A6, A7, A8, A9, A10, A11, A12, A13, A14, A15 };

void pinMode(uint8_t pin, uint8_t mode);
void digitalWrite(uint8_t pin, uint8_t value);
int digitalRead(uint8_t pin);
int analogRead(uint8_t pin);
unsigned long millis();
unsigned long micros();
void delayMicroseconds(unsigned int us);
void randomSeed(unsigned long seed);
long random(long howBig);

class HardwareSerial {
 public:
  void begin(unsigned long baud);
  size_t write(const uint8_t* buffer, size_t size);
  int available();
  int read();
};
extern HardwareSerial Serial;

void setup();
void loop();
