// Deciding a space from its Hall sensor, and debouncing that decision over time.
#pragma once
#include <stdint.h>
#include "config.h"

namespace seqb {

/** '.', 'G', 'B' or 'R'; '?' for a reading between bands; '!' for a sensor at a rail. */
char classify(uint16_t raw);

/**
 * One space's debounced state. A new colour is believed only after every reading for
 * debounceMs agreed on it, so a chip slid across a space, or a hand hovering with a magnet,
 * never produces a change. Nonsense readings ('?', '!') keep the last believed colour: the
 * board never invents or drops a chip because of a bad reading, it reports the fault instead.
 */
class SpaceDebouncer {
 public:
  void reset(char state);
  /** Returns true when the believed state changed; state() then holds the new one. */
  bool update(char reading, uint32_t now, uint16_t debounceMs);
  char state() const { return stable_; }
  /** How long the space has read nonsense (0 when its last reading made sense). */
  uint32_t oddFor(uint32_t now) const { return odd_ ? now - oddSince_ : 0; }
  bool faultReported() const { return faultReported_; }
  void markFaultReported() { faultReported_ = true; }

 private:
  char stable_ = '.';
  char candidate_ = '.';
  uint32_t since_ = 0;
  uint32_t oddSince_ = 0;
  bool odd_ = false;
  bool faultReported_ = false;
};

}  // namespace seqb
