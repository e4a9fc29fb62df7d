#include "sensing.h"

namespace seqb {

char classify(uint16_t raw) {
  if (raw < kRailLow || raw > kRailHigh) return '!';
  const int16_t d = static_cast<int16_t>(raw) - kZero;
  if (d > -kEmptyBand && d < kEmptyBand) return '.';
  if (d >= kStrong) return 'G';
  if (d <= -kStrong) return 'B';
  if (d >= kRedLow && d <= kRedHigh) return 'R';
  return '?';
}

void SpaceDebouncer::reset(char state) {
  stable_ = candidate_ = state;
  since_ = oddSince_ = 0;
  odd_ = faultReported_ = false;
}

bool SpaceDebouncer::update(char reading, uint32_t now, uint16_t debounceMs) {
  if (reading == '?' || reading == '!') {
    if (!odd_) {
      odd_ = true;
      oddSince_ = now;
    }
    candidate_ = stable_;  // a change must be read steadily from scratch after nonsense
    return false;
  }
  odd_ = false;
  faultReported_ = false;
  if (reading == stable_) {
    candidate_ = stable_;
    return false;
  }
  if (reading != candidate_) {
    candidate_ = reading;
    since_ = now;
    return false;
  }
  if (now - since_ < debounceMs) return false;
  stable_ = reading;
  return true;
}

}  // namespace seqb
