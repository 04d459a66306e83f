/** A short two-note chime (≈ 0.2 s) on the recording's own AudioContext: the mic is listening. */
export function playReadySound(context: AudioContext): void {
  const now = context.currentTime;
  const gain = context.createGain();
  gain.gain.setValueAtTime(0.0001, now);
  gain.gain.exponentialRampToValueAtTime(0.2, now + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.22);
  gain.connect(context.destination);
  for (const [frequency, at] of [
    [660, 0],
    [990, 0.08],
  ] as const) {
    const osc = context.createOscillator();
    osc.type = 'sine';
    osc.frequency.setValueAtTime(frequency, now + at);
    osc.connect(gain);
    osc.start(now + at);
    osc.stop(now + at + 0.14);
  }
}
