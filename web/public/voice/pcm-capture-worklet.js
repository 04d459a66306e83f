// AudioWorklet: resamples the microphone (the context's own rate, e.g. 48 kHz) to 16 kHz mono
// signed 16-bit PCM and posts ~128 ms chunks (2,048 samples, 4,096 bytes) to the page.
// Resampling happens here because a 16 kHz AudioContext cannot take a microphone in every
// browser (Firefox refuses to connect nodes of different rates).
const TARGET_RATE = 16000;
const CHUNK_SAMPLES = 2048;

class PcmCaptureProcessor extends AudioWorkletProcessor {
  constructor() {
    super();
    this.ratio = sampleRate / TARGET_RATE;
    this.acc = 0;
    this.sum = 0;
    this.count = 0;
    this.out = new Int16Array(CHUNK_SAMPLES);
    this.filled = 0;
    this.port.onmessage = (event) => {
      if (event.data === 'flush') {
        this.flush();
        this.port.postMessage('flushed');
      }
    };
  }

  flush() {
    if (this.filled === 0) return;
    const chunk = this.out.slice(0, this.filled);
    this.port.postMessage(chunk.buffer, [chunk.buffer]);
    this.filled = 0;
  }

  push(value) {
    const clamped = Math.max(-1, Math.min(1, value));
    this.out[this.filled++] = clamped < 0 ? clamped * 0x8000 : clamped * 0x7fff;
    if (this.filled === CHUNK_SAMPLES) this.flush();
  }

  process(inputs) {
    const channels = inputs[0];
    if (!channels || channels.length === 0) return true;
    const frames = channels[0].length;
    for (let i = 0; i < frames; i++) {
      // Mix down to mono, then average the input samples that fall into one output sample.
      let mixed = 0;
      for (const channel of channels) mixed += channel[i];
      this.sum += mixed / channels.length;
      this.count++;
      this.acc += 1;
      if (this.acc >= this.ratio) {
        this.push(this.sum / this.count);
        this.acc -= this.ratio;
        this.sum = 0;
        this.count = 0;
      }
    }
    return true;
  }
}

registerProcessor('pcm-capture', PcmCaptureProcessor);
