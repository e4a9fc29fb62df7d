// seqboard-host: the board's firmware built for a computer. It opens a pseudo-terminal (linked at
// --link PATH) that the bridge reads like the real board's USB port, takes its sensor readings
// from a script, and can damage the line on purpose (see --help).
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <deque>
#include <string>
#include <vector>
#include "board_firmware.h"
#include "script.h"
#include "sim_hal.h"
#include "wire.h"

using host::Command;

namespace {

volatile sig_atomic_t stopRequested = 0;
void onSignal(int) { stopRequested = 1; }

const char* const kUsage =
    "usage: seqboard-host --check FILE\n"
    "       seqboard-host --link PATH [--sensors FILE|-] [--snapshot-ms N] [--debounce-ms N]\n"
    "                     [--fault-ms N] [--seq-start N] [--seed N] [--noise N] [--leds] [--echo-tx] [--wire-only]\n"
    "\n"
    "The Sequence board firmware on a pseudo-terminal. Prints on standard output:\n"
    "  ready LINK SLAVE | unplugged | plugged SLAVE | powerup SEQ | tx FRAME (--echo-tx)\n"
    "  led ROW COL COLOUR | truth SEQ BOARD | flooded N\n"
    "--sensors - reads the script from standard input and exits when it closes.\n"
    "--wire-only runs no firmware: only `wire` commands reach the line (recorded logs); the script\n"
    "            starts once a program first opens the port, so the reader sees the log from its start.\n"
    "--check FILE validates a sensor script (exit 0, or 2 and the bad line on standard error).\n\n";

struct Options {
  std::string link;
  std::string sensors;
  seqb::Settings settings = seqb::defaultSettings();
  long seqStart = -1;
  uint32_t seed = 1;
  int noise = 6;
  bool leds = false;
  bool echoTx = false;
  bool wireOnly = false;
};

[[noreturn]] void usageError(const std::string& message) {
  fprintf(stderr, "seqboard-host: %s (see --help)\n", message.c_str());
  exit(2);
}

long number(const char* flag, const char* text, long low, long high) {
  char* end = nullptr;
  errno = 0;
  const long value = text ? strtol(text, &end, 10) : 0;
  if (!text || *text == '\0' || *end != '\0' || errno != 0 || value < low || value > high)
    usageError(std::string(flag) + " takes a whole number from " + std::to_string(low) + " to " + std::to_string(high));
  return value;
}

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; i++) {
    const std::string arg = argv[i];
    const char* next = i + 1 < argc ? argv[i + 1] : nullptr;
    if (arg == "--help" || arg == "-h") {
      fputs(kUsage, stdout);
      fputs(host::kScriptHelp, stdout);
      exit(0);
    } else if (arg == "--check" && next) {
      // Validate a sensor script and stop: callers turn a bad line into one clear error.
      std::vector<Command> commands;
      std::string error;
      if (!host::loadScript(next, commands, error)) {
        fprintf(stderr, "%s\n", error.c_str());
        exit(2);
      }
      exit(0);
    } else if (arg == "--link" && next) {
      o.link = argv[++i];
    } else if (arg == "--sensors" && next) {
      o.sensors = argv[++i];
    } else if (arg == "--snapshot-ms") {
      o.settings.snapshotMs = static_cast<uint16_t>(number("--snapshot-ms", next, 1, 5000)), i++;
    } else if (arg == "--debounce-ms") {
      o.settings.debounceMs = static_cast<uint16_t>(number("--debounce-ms", next, 0, 60000)), i++;
    } else if (arg == "--fault-ms") {
      o.settings.faultMs = static_cast<uint16_t>(number("--fault-ms", next, 0, 60000)), i++;
    } else if (arg == "--seq-start") {
      o.seqStart = number("--seq-start", next, 0, 65535), i++;
    } else if (arg == "--seed") {
      o.seed = static_cast<uint32_t>(number("--seed", next, 0, 2147483647)), i++;
    } else if (arg == "--noise") {
      o.noise = static_cast<int>(number("--noise", next, 0, 500)), i++;
    } else if (arg == "--leds") {
      o.leds = true;
    } else if (arg == "--echo-tx") {
      o.echoTx = true;
    } else if (arg == "--wire-only") {
      o.wireOnly = true;
    } else {
      usageError("unknown or incomplete option \"" + arg + "\"");
    }
  }
  if (o.link.empty()) usageError("--link PATH is required");
  return o;
}

void say(const std::string& line) {
  fputs(line.c_str(), stdout);
  fputc('\n', stdout);
  fflush(stdout);
}

std::string fromHex(const std::string& hex) {
  std::string bytes;
  for (size_t i = 0; i + 1 < hex.size(); i += 2) bytes += static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16));
  return bytes;
}

class Host {
 public:
  explicit Host(const Options& o)
      : o_(o), noise_(o.seed), hal_(o.seed, o.noise, o.leds), wire_(o.link, o.seed), firmware_(hal_, o.settings) {
    hal_.onWrite = [this](const char* bytes, uint8_t length) {
      txBytes_ += length;
      if (o_.echoTx) echo(bytes, length);
      wire_.fromFirmware(bytes, length, host::nowMs());
    };
    hal_.onLed = [](uint8_t space, char colour) {
      say("led " + std::to_string(space / 10) + " " + std::to_string(space % 10) + " " + std::string(1, colour));
    };
  }

  int run() {
    std::string error;
    std::vector<Command> loaded;
    if (!o_.sensors.empty() && o_.sensors != "-" && !host::loadScript(o_.sensors, loaded, error)) return fail(error);
    script_.assign(loaded.begin(), loaded.end());
    if (!wire_.plug(error)) return fail(error);
    say("ready " + o_.link + " " + wire_.slaveName());
    powerUp(o_.seqStart >= 0 ? static_cast<uint16_t>(o_.seqStart) : static_cast<uint16_t>(noise_.next()));
    const bool fromStdin = o_.sensors == "-";
    while (!stopRequested && !quit_) {
      const uint64_t now = host::nowMs();
      if (fromStdin) readStdin();
      // A recording replayed to nobody is lost (a closed port swallows what is sent), and a reader
      // started a moment after the board would miss its start: replay once someone first listens.
      if (o_.wireOnly && !heard_) heard_ = wire_.plugged() && wire_.listening();
      if (o_.wireOnly && !heard_ && stdinClosed_) quit_ = true;
      if (waitOwed_ && now >= resumeAt_) {
        // A wait has run out: the board scans the world as the script left it for the whole wait
        // before the next command changes it. A loop starved on a busy computer would otherwise
        // run on to the next command first, and a chip or a press held for the wait would never
        // have been seen (nor be in the `truth` that follows).
        waitOwed_ = false;
        tickFirmware();
      }
      if (!o_.wireOnly || heard_) runScript(now);
      if (replugAt_ != 0 && now >= replugAt_) replug(now);
      if (poweredOn_) flood(now);
      tickFirmware();
      wait(fromStdin);
    }
    wire_.unplug();
    return 0;
  }

 private:
  void tickFirmware() {
    wire_.service(host::nowMs(), hal_.rx);  // what the host sent reaches the firmware in this same pass
    if (poweredOn_ && !o_.wireOnly) {
      firmware_.tick();
      wire_.service(host::nowMs(), hal_.rx);  // and its answer goes out without a loop's delay
    }
  }

  int fail(const std::string& error) {
    fprintf(stderr, "seqboard-host: %s\n", error.c_str());
    return 2;
  }

  void powerUp(uint16_t seq) {
    poweredOn_ = true;
    if (o_.wireOnly) return;
    firmware_.powerUp(seq);
    say("powerup " + std::to_string(seq));
  }

  void echo(const char* bytes, uint8_t length) {
    for (uint8_t i = 0; i < length; i++) {
      if (bytes[i] == '\n') {
        say("tx " + txLine_);
        txLine_.clear();
      } else if (bytes[i] != '\r') {
        txLine_ += bytes[i];
      }
    }
  }

  void readStdin() {
    if (stdinClosed_) return;
    pollfd p = {0, POLLIN, 0};
    if (poll(&p, 1, 0) <= 0) return;
    char buf[4096];
    const ssize_t n = read(0, buf, sizeof buf);
    if (n <= 0) {
      // The program driving the board has gone: power off rather than linger as an orphan.
      stdinClosed_ = true;
      script_.push_back({"quit"});
      return;
    }
    stdinLine_.append(buf, static_cast<size_t>(n));
    for (size_t end; (end = stdinLine_.find('\n')) != std::string::npos;) {
      Command c = host::tokenize(stdinLine_.substr(0, end));
      stdinLine_.erase(0, end + 1);
      if (c.empty()) continue;
      const std::string problem = host::validate(c);
      if (problem.empty()) {
        script_.push_back(c);
      } else {
        fprintf(stderr, "seqboard-host: %s\n", problem.c_str());
      }
    }
  }

  void runScript(uint64_t now) {
    while (!script_.empty() && now >= resumeAt_ && !quit_ && !waitOwed_) {
      Command c = script_.front();
      script_.pop_front();
      execute(c, now);
    }
  }

  static uint8_t space(const Command& c) { return static_cast<uint8_t>(std::stoi(c[1]) * 10 + std::stoi(c[2])); }
  int arg(const Command& c, size_t i, int fallback) const { return c.size() > i ? std::stoi(c[i]) : fallback; }

  void execute(const Command& c, uint64_t now) {
    const std::string& verb = c[0];
    if (verb == "wait") {
      resumeAt_ = now + static_cast<uint64_t>(std::stoll(c[1]));
      waitOwed_ = true;
    } else if (verb == "chip") {
      hal_.setReading(space(c), host::nominalReading(c[3][0]));
    } else if (verb == "raw") {
      hal_.setReading(space(c), static_cast<uint16_t>(std::stoi(c[3])));
    } else if (verb == "bounce") {
      // Contact flicker while a chip is slid on: chip, nothing, an in-between reading, chip...
      const std::string r = c[1], col = c[2], s = c[3];
      const std::vector<Command> steps = {{"chip", r, col, s}, {"wait", "4"}, {"chip", r, col, "."}, {"wait", "4"},
                                          {"raw", r, col, "587"}, {"wait", "4"}, {"chip", r, col, s}, {"wait", "4"},
                                          {"chip", r, col, "."}, {"wait", "4"}, {"chip", r, col, s}};
      script_.insert(script_.begin(), steps.begin(), steps.end());
    } else if (verb == "press") {
      hal_.setButton(static_cast<uint8_t>(std::stoi(c[1]) - 1), true);
      script_.push_front({"release", c[1]});
      script_.push_front({"wait", std::to_string(arg(c, 2, 60))});
    } else if (verb == "release") {
      hal_.setButton(static_cast<uint8_t>(std::stoi(c[1]) - 1), false);
    } else if (verb == "fault") {
      const std::string& kind = c[1];
      if (kind == "crc") wire_.corruptCrc(arg(c, 2, 1));
      if (kind == "flip") wire_.flipByte(arg(c, 2, 1));
      if (kind == "drop") wire_.drop(arg(c, 2, 1));
      if (kind == "dup") wire_.duplicate(arg(c, 2, 1));
      if (kind == "garbage") wire_.garbage(arg(c, 2, 48));
      if (kind == "overlong") wire_.overlong(arg(c, 2, 4096));
      if (kind == "split") wire_.split(arg(c, 2, 5), arg(c, 3, 1));
      if (kind == "silence") wire_.silence(arg(c, 2, 0), now);
    } else if (verb == "unplug" || verb == "powercycle") {
      wire_.unplug();
      say("unplugged");
      replugAt_ = now + static_cast<uint64_t>(std::stoll(c[1])) + 1;
      if (verb == "powercycle") poweredOn_ = false;
    } else if (verb == "wire") {
      wire_.raw(fromHex(c[1]), now);
    } else if (verb == "snapshot") {
      if (!o_.wireOnly && poweredOn_) firmware_.sendSnapshot();
    } else if (verb == "hello") {
      if (!o_.wireOnly && poweredOn_) firmware_.sendHello();
    } else if (verb == "flood") {
      floodLeft_ = std::stol(c[1]);
      floodTotal_ = floodLeft_;
      floodSnapshots_ = c.size() < 3 || c[2] == "S";
      floodRate_ = c.size() > 3 ? std::stol(c[3]) : 0;
      floodStart_ = now;
      floodStartBytes_ = txBytes_;
    } else if (verb == "truth") {
      say("truth " + std::to_string(firmware_.lastSeq()) + " " + firmware_.board());
    } else if (verb == "quit") {
      quit_ = true;
    }
  }

  void replug(uint64_t now) {
    replugAt_ = 0;
    std::string error;
    if (!wire_.plug(error)) {
      fprintf(stderr, "seqboard-host: %s\n", error.c_str());
      replugAt_ = now + 100;
      return;
    }
    say("plugged " + wire_.slaveName());
    if (!poweredOn_) powerUp(static_cast<uint16_t>(noise_.next()));
  }

  void flood(uint64_t now) {
    // As fast as the line takes it (no more than a few kilobytes wait in the board's buffer), or
    // paced to a byte rate such as a real UART's 11520 bytes/s at 115200 baud.
    while (floodLeft_ > 0 && wire_.plugged() && wire_.queuedBytes() < 4096) {
      if (floodRate_ > 0 && (txBytes_ - floodStartBytes_) * 1000 > (now - floodStart_) * static_cast<uint64_t>(floodRate_)) break;
      if (floodSnapshots_) {
        firmware_.sendSnapshot();
      } else {
        firmware_.sendChange(11);
      }
      if (--floodLeft_ == 0) say("flooded " + std::to_string(floodTotal_));
    }
  }

  void wait(bool fromStdin) {
    // One loop a millisecond: the scan rate of the real board, and little load on a shared machine.
    pollfd fds[2];
    nfds_t n = 0;
    if (fromStdin && !stdinClosed_) fds[n++] = {0, POLLIN, 0};
    // While flooding at full speed, wake as soon as the line can take more.
    const bool flooding = floodLeft_ > 0 && floodRate_ == 0 && wire_.queuedBytes() > 0;
    if (wire_.plugged() && wire_.listening()) {
      fds[n].fd = wire_.fd();
      fds[n].events = flooding ? POLLIN | POLLOUT : POLLIN;
      fds[n++].revents = 0;
    }
    poll(fds, n, 1);
  }

  Options o_;
  host::Noise noise_;
  host::SimHal hal_;
  host::Wire wire_;
  seqb::BoardFirmware firmware_;
  std::deque<Command> script_;
  uint64_t resumeAt_ = 0;
  uint64_t replugAt_ = 0;
  bool poweredOn_ = false;
  bool quit_ = false;
  bool stdinClosed_ = false;
  bool waitOwed_ = false;  // a wait is running: the board scans once more when it runs out
  bool heard_ = false;  // --wire-only: a program has opened the port (the replay may start)
  std::string stdinLine_;
  std::string txLine_;
  long floodLeft_ = 0;
  long floodTotal_ = 0;
  bool floodSnapshots_ = true;
  long floodRate_ = 0;
  uint64_t floodStart_ = 0;
  uint64_t floodStartBytes_ = 0;
  uint64_t txBytes_ = 0;
};

}  // namespace

int main(int argc, char** argv) {
  const Options options = parse(argc, argv);
  signal(SIGINT, onSignal);
  signal(SIGTERM, onSignal);
  signal(SIGPIPE, SIG_IGN);
  Host host(options);
  return host.run();
}
