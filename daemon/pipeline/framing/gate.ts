/**
 * Frame sampling and preview encodes take turns in this process: a clip's framing analysis (its
 * ffmpeg frame sampler and the face detector) runs alone, previews may encode side by side
 * while no analysis runs. An ffmpeg sampler or encoder costs 60 to 90 MB resident and the face
 * detector about 110 MB while it runs, so the memory of the whole process tree stays that of one
 * analysis, or of the encodes, never both. The detector answers one frame at a time anyway, so
 * analyses side by side gained little time. An analysis that waits goes before encodes that come
 * later (it is what they wait for).
 */
export class SamplingGate {
  private sampling = false;
  private encodes = 0;
  private waiting: Array<{ alone: boolean; go: () => void }> = [];

  /** Runs a framing analysis when nothing else of the gate runs. */
  alone<T>(work: () => Promise<T>): Promise<T> {
    return this.run(true, work);
  }

  /** Runs a preview encode beside other encodes, when no analysis runs or waits. */
  beside<T>(work: () => Promise<T>): Promise<T> {
    return this.run(false, work);
  }

  private async run<T>(alone: boolean, work: () => Promise<T>): Promise<T> {
    // A waiter is counted in by next() when its turn comes, so no one slips in before it runs.
    if (this.waiting.length || !this.free(alone)) await new Promise<void>((go) => this.waiting.push({ alone, go }));
    else this.enter(alone);
    try {
      return await work();
    } finally {
      if (alone) this.sampling = false;
      else this.encodes--;
      this.next();
    }
  }

  private free(alone: boolean): boolean {
    return !this.sampling && (!alone || this.encodes === 0);
  }

  private enter(alone: boolean): void {
    if (alone) this.sampling = true;
    else this.encodes++;
  }

  /** Lets the waiting in, in order, as far as they fit (an analysis first in line stops the encodes behind it). */
  private next(): void {
    while (this.waiting.length && this.free(this.waiting[0].alone)) {
      const w = this.waiting.shift()!;
      this.enter(w.alone);
      w.go();
    }
  }
}

/** The daemon's one gate: every job's framings and previews share the machine. */
export const samplingGate = new SamplingGate();
