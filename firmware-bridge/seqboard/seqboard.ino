// Sequence board firmware: the Arduino glue. All the logic is in src/ (shared with the host build);
// this file maps the Hal interface onto pins. Builds for an Arduino Mega 2560 (default) or an
// ESP32 DevKit (ARDUINO_ARCH_ESP32). Wiring: ../README.md.
#include "src/board_firmware.h"

#ifndef SEQB_LEDS
#define SEQB_LEDS 1  // set to 0 for a board without per-space LEDs
#endif
#if SEQB_LEDS
#include <Adafruit_NeoPixel.h>
#endif

#if defined(ARDUINO_ARCH_ESP32)
// ADC1 only (ADC2 is unusable while the radio runs; the radio stays off, but ADC1 suffices for six
// multiplexers and GPIO 25 (ADC2) takes the seventh).
static const uint8_t kSelectPins[4] = {16, 17, 18, 19};
static const uint8_t kMuxPins[seqb::kMuxCount] = {36, 39, 34, 35, 32, 33, 25};
static const uint8_t kButtonPins[seqb::kButtons] = {21, 22, 23, 26};
static const uint8_t kLedPin = 27;
static const uint8_t kAdcShift = 2;  // 12-bit readings down to the 10-bit bands
#else
static const uint8_t kSelectPins[4] = {22, 23, 24, 25};
static const uint8_t kMuxPins[seqb::kMuxCount] = {A0, A1, A2, A3, A4, A5, A6};
static const uint8_t kButtonPins[seqb::kButtons] = {30, 31, 32, 33};
static const uint8_t kLedPin = 6;
static const uint8_t kAdcShift = 0;
#endif
static const uint8_t kLedBrightness = 40;  // of 255: 100 LEDs at full white would draw 6 A

class ArduinoHal : public seqb::Hal {
 public:
  void begin() {
    for (uint8_t i = 0; i < 4; i++) pinMode(kSelectPins[i], OUTPUT);
    for (uint8_t i = 0; i < seqb::kButtons; i++) pinMode(kButtonPins[i], INPUT_PULLUP);
#if SEQB_LEDS
    leds_.begin();
    leds_.setBrightness(kLedBrightness);
    leds_.show();
#endif
  }
  uint32_t millis() override { return ::millis(); }
  void selectChannel(uint8_t channel) override {
    for (uint8_t i = 0; i < 4; i++) digitalWrite(kSelectPins[i], (channel >> i) & 1 ? HIGH : LOW);
    delayMicroseconds(5);  // the multiplexer and the ADC's sample capacitor settle
  }
  uint16_t readMux(uint8_t mux) override { return static_cast<uint16_t>(analogRead(kMuxPins[mux]) >> kAdcShift); }
  bool buttonDown(uint8_t button) override { return digitalRead(kButtonPins[button]) == LOW; }
#if SEQB_LEDS
  bool hasLeds() override { return true; }
  void setLed(uint8_t space, char colour) override {
    // The strip runs as a snake: even rows left to right, odd rows right to left.
    const uint8_t row = space / seqb::kCols, col = space % seqb::kCols;
    const uint16_t pixel = row * seqb::kCols + (row % 2 == 0 ? col : seqb::kCols - 1 - col);
    leds_.setPixelColor(pixel, colourOf(colour));
  }
  void showLeds() override { leds_.show(); }
#else
  bool hasLeds() override { return false; }
  void setLed(uint8_t, char) override {}
  void showLeds() override {}
#endif
  void write(const char* bytes, uint8_t length) override { Serial.write(reinterpret_cast<const uint8_t*>(bytes), length); }
  int read() override { return Serial.available() > 0 ? Serial.read() : -1; }

 private:
#if SEQB_LEDS
  static uint32_t colourOf(char colour) {
    switch (colour) {
      case 'G': return Adafruit_NeoPixel::Color(0, 255, 0);
      case 'B': return Adafruit_NeoPixel::Color(0, 0, 255);
      case 'R': return Adafruit_NeoPixel::Color(255, 0, 0);
      case 'W': return Adafruit_NeoPixel::Color(255, 255, 255);
      default: return 0;
    }
  }
  Adafruit_NeoPixel leds_{seqb::kSpaces, kLedPin, NEO_GRB + NEO_KHZ800};
#endif
};

static ArduinoHal hal;
static seqb::BoardFirmware firmware(hal, seqb::defaultSettings());

void setup() {
  Serial.begin(115200);
  hal.begin();
  // The contract lets seq start anywhere; a floating pin's noise makes a restart visible as such.
  randomSeed(analogRead(kMuxPins[0]) ^ micros());
  firmware.powerUp(static_cast<uint16_t>(random(65536)));
}

void loop() { firmware.tick(); }
