// The sensor script: what happens on the board and on the wire, one command a line.
#pragma once
#include <string>
#include <vector>

namespace host {

using Command = std::vector<std::string>;

/** Splits a line into words; comments ('#') and blank lines give no words. */
Command tokenize(const std::string& line);
/** Empty when the command is well formed, else what is wrong with it. */
std::string validate(const Command& command);
/** Reads a whole script file, or says which line is wrong. */
bool loadScript(const std::string& path, std::vector<Command>& commands, std::string& error);

extern const char* const kScriptHelp;

}  // namespace host
