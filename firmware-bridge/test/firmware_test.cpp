// Unit tests of the firmware logic on a hand-driven clock (`make test`). Each check names the
// behaviour it pins; the run fails on the first broken one with its line.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <string>
#include <vector>
#include "board_firmware.h"
#include "crc8.h"
#include "sim_hal.h"

namespace {

int checks = 0;
#define CHECK(cond, what)                                                     \
  do {                                                                        \
    checks++;                                                                 \
    if (!(cond)) {                                                            \
      fprintf(stderr, "FAIL %s:%d: %s (%s)\n", __FILE__, __LINE__, what, #cond); \
      exit(1);                                                                \
    }                                                                         \
  } while (0)

/** A board on a clock the test moves by hand; frames it sends are collected whole. */
class TestHal : public seqb::Hal {
 public:
  uint32_t now = 0;
  uint16_t field[100];
  bool buttons[4] = {false, false, false, false};
  std::vector<std::string> frames;
  std::string partial;
  std::string input;
  std::vector<std::string> leds;
  TestHal() {
    for (auto& r : field) r = 512;
  }
  uint32_t millis() override { return now; }
  void selectChannel(uint8_t c) override { channel = c; }
  uint16_t readMux(uint8_t mux) override { return mux * 16 + channel < 100 ? field[mux * 16 + channel] : 512; }
  bool buttonDown(uint8_t b) override { return buttons[b]; }
  bool hasLeds() override { return true; }
  void setLed(uint8_t space, char colour) override { leds.push_back(std::to_string(space) + colour); }
  void showLeds() override {}
  void write(const char* bytes, uint8_t length) override {
    for (uint8_t i = 0; i < length; i++) {
      partial += bytes[i];
      if (bytes[i] == '\n') {
        frames.push_back(partial);
        partial.clear();
      }
    }
  }
  int read() override {
    if (input.empty()) return -1;
    const int c = static_cast<unsigned char>(input[0]);
    input.erase(0, 1);
    return c;
  }
  uint8_t channel = 0;
};

std::string framed(const std::string& body) {
  char crc[3];
  snprintf(crc, sizeof crc, "%02X", seqb::crc8(body.c_str(), static_cast<uint16_t>(body.size())));
  return "$" + body + "*" + crc + "\r\n";
}

/** Runs the board for `ms` milliseconds, one tick a millisecond. */
void run(seqb::BoardFirmware& fw, TestHal& hal, uint32_t ms) {
  for (uint32_t i = 0; i < ms; i++) {
    hal.now++;
    fw.tick();
  }
}

bool wellFormed(const std::string& frame) {
  const size_t star = frame.rfind('*');
  if (frame.size() < 7 || frame[0] != '$' || star == std::string::npos || frame.substr(star + 3) != "\r\n") return false;
  const std::string body = frame.substr(1, star - 1);
  return framed(body) == frame;
}

void crcMatchesTheContract() {
  CHECK(seqb::crc8("123456789", 9) == 0xF4, "CRC-8 poly 0x07 init 0 of \"123456789\" is 0xF4");
  CHECK(seqb::crc8("", 0) == 0x00, "CRC of nothing is the initial value");
}

void sensorBandsDecideColours() {
  CHECK(seqb::classify(512) == '.', "no field reads empty");
  CHECK(seqb::classify(812) == 'G', "strong north is green");
  CHECK(seqb::classify(212) == 'B', "strong south is blue");
  CHECK(seqb::classify(647) == 'R', "weak north is red");
  CHECK(seqb::classify(587) == '?', "between empty and red is ambiguous");
  CHECK(seqb::classify(710) == '?', "between red and green is ambiguous");
  CHECK(seqb::classify(1023) == '!' && seqb::classify(0) == '!', "a rail reading is a sensor fault");
}

void powerUpSendsHelloThenSnapshotOfTheBoardAsItStands() {
  TestHal hal;
  hal.field[23] = 812;
  hal.field[0] = 812;  // a corner has no sensor: whatever its channel reads is ignored
  seqb::BoardFirmware fw(hal, seqb::defaultSettings());
  fw.powerUp(41);
  CHECK(hal.frames.size() == 2, "two frames at power-up");
  CHECK(hal.frames[0] == framed("H,41,SEQB," SEQB_FIRMWARE_VERSION ",10x10"), "hello first, with the starting seq");
  std::string board(100, '.');
  board[23] = 'G';
  CHECK(hal.frames[1] == framed("S,42," + board), "then the snapshot, seq raised by one");
  CHECK(std::string(fw.board()) == board, "the believed board is what the sensors read");
}

void seqWrapsFrom65535ToZero() {
  TestHal hal;
  seqb::BoardFirmware fw(hal, seqb::defaultSettings());
  fw.powerUp(65535);
  CHECK(hal.frames[0].compare(0, 9, "$H,65535,") == 0, "hello at 65535");
  CHECK(hal.frames[1].compare(0, 5, "$S,0,") == 0, "the next frame wraps to 0");
}

void aChipIsBelievedOnlyAfterTheDebounceTime() {
  TestHal hal;
  seqb::Settings settings = seqb::defaultSettings();
  seqb::BoardFirmware fw(hal, settings);
  fw.powerUp(0);
  hal.frames.clear();
  hal.field[34] = 212;
  run(fw, hal, settings.debounceMs - 1);
  CHECK(hal.frames.empty(), "nothing before the debounce time");
  run(fw, hal, 5);
  CHECK(hal.frames.size() == 1 && hal.frames[0] == framed("D,2,3,4,B"), "one D frame once the chip has held");
  CHECK(fw.board()[34] == 'B', "the board believes it");
}

void aFlickeringChipGivesOneChange() {
  TestHal hal;
  seqb::Settings settings = seqb::defaultSettings();
  seqb::BoardFirmware fw(hal, settings);
  fw.powerUp(0);
  hal.frames.clear();
  // Slid on: green, empty, in-between, green, empty, green, each for 4 ms, then it stays.
  const uint16_t steps[] = {812, 512, 587, 812, 512, 812};
  for (uint16_t reading : steps) {
    hal.field[55] = reading;
    run(fw, hal, 4);
  }
  run(fw, hal, 100);
  CHECK(hal.frames.size() == 1 && hal.frames[0] == framed("D,2,5,5,G"), "exactly one D frame for the settled chip");
}

void aGreenChipPassingTheRedBandIsNeverRed() {
  TestHal hal;
  seqb::Settings settings = seqb::defaultSettings();
  seqb::BoardFirmware fw(hal, settings);
  fw.powerUp(0);
  hal.frames.clear();
  hal.field[12] = 647;  // the magnet's field grows as the chip comes down
  run(fw, hal, settings.debounceMs / 2);
  hal.field[12] = 812;
  run(fw, hal, settings.debounceMs * 2);
  CHECK(hal.frames.size() == 1 && hal.frames[0] == framed("D,2,1,2,G"), "green only, no red on the way");
}

void aNonsenseReadingKeepsTheChipAndIsReportedOnce() {
  TestHal hal;
  seqb::Settings settings = seqb::defaultSettings();
  hal.field[77] = 812;
  seqb::BoardFirmware fw(hal, settings);
  fw.powerUp(0);
  hal.frames.clear();
  hal.field[77] = 1023;  // the sensor's wire came loose
  run(fw, hal, settings.faultMs + 50);
  CHECK(hal.frames.size() == 1, "one frame");
  CHECK(hal.frames[0].compare(0, 20, "$E,2,SENSOR,7,7,sens") == 0, "an E frame naming the space");
  CHECK(wellFormed(hal.frames[0]), "with a right CRC");
  CHECK(fw.board()[77] == 'G', "the chip is not lost");
  run(fw, hal, settings.faultMs * 2);
  CHECK(hal.frames.size() == 1, "reported once, not on every scan");
}

void aSnapshotGoesOutAtLeastEverySnapshotPeriod() {
  TestHal hal;
  seqb::Settings settings = seqb::defaultSettings();
  seqb::BoardFirmware fw(hal, settings);
  fw.powerUp(0);
  hal.frames.clear();
  run(fw, hal, settings.snapshotMs);
  CHECK(hal.frames.size() == 1 && hal.frames[0].compare(0, 5, "$S,2,") == 0, "a snapshot after the period");
}

void hostCommandsAreObeyedOnlyWithARightCrc() {
  TestHal hal;
  seqb::BoardFirmware fw(hal, seqb::defaultSettings());
  fw.powerUp(0);
  hal.frames.clear();
  hal.input = framed("Q");
  run(fw, hal, 1);
  CHECK(hal.frames.size() == 1 && hal.frames[0][1] == 'S', "$Q asks for a snapshot");
  hal.input = framed("V");
  run(fw, hal, 1);
  CHECK(hal.frames.size() == 2 && hal.frames[1][1] == 'H', "$V asks for a hello");
  hal.input = "$Q*00\r\n";
  run(fw, hal, 1);
  CHECK(hal.frames.size() == 2, "a wrong CRC is ignored");
  std::string lower = framed("L,3,4,G");
  for (char& c : lower) c = static_cast<char>(c >= 'A' && c <= 'F' && &c > &lower[lower.size() - 5] ? c + 32 : c);
  hal.input = "garbage$$*x" + lower;
  run(fw, hal, 1);
  CHECK(hal.leds.size() == 1 && hal.leds[0] == "34G", "an LED command after garbage, CRC in lower case");
  hal.input = "$" + std::string(200, 'Q') + "\r\n" + framed("L,9,9,W");
  run(fw, hal, 1);
  CHECK(hal.leds.size() == 2 && hal.leds[1] == "99W", "an overlong line is dropped whole, the next command works");
  hal.input = framed("L,3,4,X") + framed("L,10,4,G");
  run(fw, hal, 1);
  CHECK(hal.leds.size() == 2, "an unknown colour or a space off the board is rejected");
}

void aButtonPressIsOneKFrame() {
  TestHal hal;
  seqb::Settings settings = seqb::defaultSettings();
  seqb::BoardFirmware fw(hal, settings);
  fw.powerUp(0);
  hal.frames.clear();
  for (int bounce = 0; bounce < 3; bounce++) {
    hal.buttons[2] = true;
    run(fw, hal, 3);
    hal.buttons[2] = false;
    run(fw, hal, 3);
  }
  hal.buttons[2] = true;
  run(fw, hal, settings.buttonDebounceMs + 5);
  hal.buttons[2] = false;
  run(fw, hal, settings.buttonDebounceMs + 5);
  CHECK(hal.frames.size() == 1 && hal.frames[0] == framed("K,2,3"), "button 3 once, however it bounced");
}

void everyFrameCarriesItsSeqAndARightCrc() {
  TestHal hal;
  seqb::Settings settings = seqb::defaultSettings();
  seqb::BoardFirmware fw(hal, settings);
  fw.powerUp(65530);
  for (int s = 1; s < 99; s += 7) {
    if (seqb::isCorner(static_cast<uint8_t>(s))) continue;
    hal.field[s] = s % 3 == 0 ? 812 : s % 3 == 1 ? 212 : 647;
    run(fw, hal, settings.debounceMs + 2);
  }
  uint16_t expected = 65530;
  for (const std::string& frame : hal.frames) {
    CHECK(wellFormed(frame), "well formed with a right CRC");
    CHECK(atoi(frame.c_str() + 3) == expected, "seq raised by one for each frame");
    expected = static_cast<uint16_t>(expected + 1);
  }
  CHECK(hal.frames.size() > 10, "frames were sent");
}

void theSimulatedSensorsReadAsTheirChips() {
  host::SimHal hal(7, 20, false);
  for (char s : std::string(".GBR")) {
    hal.setReading(45, host::nominalReading(s));
    hal.selectChannel(45 % 16);
    for (int i = 0; i < 200; i++) CHECK(seqb::classify(hal.readMux(45 / 16)) == s, "noise never crosses a band");
  }
}

}  // namespace

int main() {
  crcMatchesTheContract();
  sensorBandsDecideColours();
  powerUpSendsHelloThenSnapshotOfTheBoardAsItStands();
  seqWrapsFrom65535ToZero();
  aChipIsBelievedOnlyAfterTheDebounceTime();
  aFlickeringChipGivesOneChange();
  aGreenChipPassingTheRedBandIsNeverRed();
  aNonsenseReadingKeepsTheChipAndIsReportedOnce();
  aSnapshotGoesOutAtLeastEverySnapshotPeriod();
  hostCommandsAreObeyedOnlyWithARightCrc();
  aButtonPressIsOneKFrame();
  everyFrameCarriesItsSeqAndARightCrc();
  theSimulatedSensorsReadAsTheirChips();
  printf("firmware tests: %d checks passed\n", checks);
  return 0;
}
