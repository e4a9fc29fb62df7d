#include "script.h"
#include <cctype>
#include <fstream>
#include <sstream>

namespace host {

const char* const kScriptHelp =
    "sensor script, one command a line ('#' starts a comment):\n"
    "  wait MS                    let MS milliseconds pass; the board scans once more at its end\n"
    "  chip ROW COL STATE         a chip (G, B, R) or none (.) on a space: sets its sensor reading\n"
    "  bounce ROW COL STATE       the same, flickering for about 20 ms first (a chip slid on)\n"
    "  raw ROW COL VALUE          a raw sensor reading 0..1023 (out-of-band and rail values too)\n"
    "  press BUTTON [MS]          hold button 1..4 for MS (default 60)\n"
    "  fault crc|flip|drop|dup [N]        the next N frames (default 1): wrong CRC, one mangled byte,\n"
    "                                     not sent, sent twice\n"
    "  fault garbage [BYTES]      random bytes before the next frame (default 48)\n"
    "  fault overlong [BYTES]     one line of BYTES (default 4096) before the next frame\n"
    "  fault split [MS] [N]       the next N frames (default 1) in pieces of 1-8 bytes, MS apart (default 5)\n"
    "  fault silence MS           nothing sent or read for MS\n"
    "  unplug MS                  remove the pseudo-terminal and its link; back after MS\n"
    "  powercycle MS              the same, and the board restarts (new seq, hello, snapshot)\n"
    "  wire HEX                   write these bytes as they are\n"
    "  snapshot | hello           send a snapshot / hello now\n"
    "  flood N [S|D] [BYTES_PER_S]  send N snapshots (or repeats of one space) as fast as the line\n"
    "                             takes, or paced to BYTES_PER_S (11520 is 115200 baud)\n"
    "  truth                      print 'truth <seq of last frame> <board>' on standard output\n"
    "  quit                       power off and exit\n";

Command tokenize(const std::string& line) {
  Command words;
  std::istringstream in(line.substr(0, line.find('#')));
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

static bool integer(const std::string& text, long low, long high) {
  if (text.empty() || text.size() > 9) return false;
  for (char c : text)
    if (c < '0' || c > '9') return false;
  const long value = std::stol(text);
  return value >= low && value <= high;
}

static bool state(const std::string& text) { return text == "." || text == "G" || text == "B" || text == "R"; }

std::string validate(const Command& c) {
  const std::string& verb = c[0];
  const size_t n = c.size();
  auto count = [&](size_t low, size_t high) { return n >= low && n <= high; };
  auto space = [&]() { return integer(c[1], 0, 9) && integer(c[2], 0, 9); };
  if (verb == "wait") return n == 2 && integer(c[1], 0, 86400000) ? "" : "wait takes MS";
  if (verb == "chip" || verb == "bounce")
    return n == 4 && space() && state(c[3]) ? "" : verb + " takes ROW COL STATE (0-9, 0-9, one of . G B R)";
  if (verb == "raw") return n == 4 && space() && integer(c[3], 0, 1023) ? "" : "raw takes ROW COL VALUE (0-1023)";
  if (verb == "press") return count(2, 3) && integer(c[1], 1, 4) && (n == 2 || integer(c[2], 0, 60000)) ? "" : "press takes BUTTON (1-4) [MS]";
  if (verb == "release") return n == 2 && integer(c[1], 1, 4) ? "" : "release takes BUTTON (1-4)";
  if (verb == "unplug" || verb == "powercycle") return n == 2 && integer(c[1], 0, 600000) ? "" : verb + " takes MS";
  if (verb == "snapshot" || verb == "hello" || verb == "truth" || verb == "quit") return n == 1 ? "" : verb + " takes nothing";
  if (verb == "flood")
    return count(2, 4) && integer(c[1], 1, 10000000) && (n == 2 || c[2] == "S" || c[2] == "D") && (n < 4 || integer(c[3], 1, 100000000))
               ? ""
               : "flood takes N [S|D] [BYTES_PER_S]";
  if (verb == "wire") {
    if (n != 2 || c[1].size() % 2 != 0) return "wire takes HEX (pairs of hex digits)";
    for (char ch : c[1])
      if (!isxdigit(static_cast<unsigned char>(ch))) return "wire takes HEX (pairs of hex digits)";
    return "";
  }
  if (verb == "fault") {
    if (n < 2) return "fault takes a kind: crc flip drop dup garbage overlong split silence";
    const std::string& kind = c[1];
    if (kind == "crc" || kind == "flip" || kind == "drop" || kind == "dup" || kind == "garbage" || kind == "overlong")
      return count(2, 3) && (n == 2 || integer(c[2], 1, 1000000)) ? "" : "fault " + kind + " takes [N]";
    if (kind == "split")
      return count(2, 4) && (n < 3 || integer(c[2], 0, 10000)) && (n < 4 || integer(c[3], 1, 100000)) ? "" : "fault split takes [MS] [N]";
    if (kind == "silence") return n == 3 && integer(c[2], 0, 600000) ? "" : "fault silence takes MS";
    return "unknown fault \"" + kind + "\" (crc flip drop dup garbage overlong split silence)";
  }
  return "unknown command \"" + verb + "\"";
}

bool loadScript(const std::string& path, std::vector<Command>& commands, std::string& error) {
  std::ifstream in(path);
  if (!in) {
    error = "cannot read the sensor script " + path;
    return false;
  }
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    number++;
    Command c = tokenize(line);
    if (c.empty()) continue;
    const std::string problem = validate(c);
    if (!problem.empty()) {
      error = path + " line " + std::to_string(number) + ": " + problem;
      return false;
    }
    commands.push_back(c);
  }
  return true;
}

}  // namespace host
