/** The parts of @echogarden/rnnoise-wasm (an Emscripten build of Xiph's RNNoise, no types of its own) used here. */
declare module '@echogarden/rnnoise-wasm' {
  export interface RnnoiseModule {
    HEAPF32: Float32Array;
    _malloc(bytes: number): number;
    _free(pointer: number): void;
    _rnnoise_get_frame_size(): number;
    /** A denoiser state, with the built-in model when `model` is 0. */
    _rnnoise_create(model: number): number;
    _rnnoise_destroy(state: number): void;
    /** Denoises one frame (16-bit sample values) from `input` into `output`; returns the voice probability. */
    _rnnoise_process_frame(state: number, output: number, input: number): number;
  }
  const createRnnoise: () => Promise<RnnoiseModule>;
  export default createRnnoise;
}
