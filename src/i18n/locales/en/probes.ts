/** English words of the 'probes' namespace: the coalescing and bank-conflict probes under the ladder (core/probes.ts, gpu/probes.ts). */
export const probes = {
  preparing: 'Preparing the probe',
  pipeline: 'Creating the {{probe}} pipeline',
  heading: 'Coalescing and bank conflicts, measured on this GPU',
  modelNote:
    'What is measured and what is modelled: the times below are measured on this GPU. WebGPU does not expose how memory is served, so the pictures use the model NVIDIA and AMD document: 32 lanes per request, global memory in 128-byte segments, workgroup memory in 32 banks of 4 bytes (word a in bank a mod 32).',
  run: 'Run this probe',
  running: 'Running {{n}} of {{total}}…',
  notRun: 'Not run yet on this GPU.',
  noGpu: 'The probes need a GPU with WebGPU. The pictures and the model are here to read.',
  colVariant: 'Probe kernel',
  colTime: 'Median time per dispatch (this GPU)',
  colRate: 'Bytes read per second',
  colChecked: 'Checked',
  timeCell_one: '<n>{{median}}</n> · spread {{spread}} · {{n}} samples × {{count}} dispatch · {{clock}}',
  timeCell_other: '<n>{{median}}</n> · spread {{spread}} · {{n}} samples × {{count}} dispatches · {{clock}}',
  distrust: '⚠ not a speed to compare: {{why}}',
  rateCellUntrusted: '⚠ {{rate}} GB/s (not a speed to compare)',
  rateCell: '{{rate}} GB/s',
  verified: '✓ verified: all {{sums}} sums match the CPU reference',
  mismatch: '✗ {{bad}} of {{sums}} sums differ from the CPU reference (first: invocation {{index}} gave {{got}}, expected {{want}})',
  software:
    'This adapter is software (the CPU): the ratio here says nothing about GPUs, which have segments, caches and banks that a CPU emulation does not.',
  shared: {
    coalescing:
      'The sender’s coalescing probe ({{mib}} MiB a dispatch, {{clock}}, {{verified}}): strided reads took <b>{{ratio}}×</b> as long as coalesced reads ({{fast}} against {{slow}} GB/s).',
    banks:
      'The sender’s bank-conflict probe ({{mib}} MiB of workgroup memory a dispatch, {{clock}}, {{verified}}): reading down a column took <b>{{conflict}}×</b> as long as along a row; padded to 33, <b>{{padded}}×</b>.',
    noRatio: 'The sender’s {{probe}} probe ({{mib}} MiB a dispatch, {{clock}}, {{verified}}): no ratio, as a time was not trusted as a speed or a sum did not match.',
    noRatioMarked: 'The sender’s {{probe}} probe ({{mib}} MiB a dispatch, {{clock}}, {{verified}}): no ratio, as its figures fail the checks.',
    name: { coalescing: 'coalescing', banks: 'bank-conflict' },
    verified: 'every sum verified',
    notVerified: '⚠ some sums did not match',
    notShownVerified: '⚠ sums verified by the sender’s account, not shown as verified: a figure fails the checks',
    software: 'Measured on a software adapter: the ratio says nothing about GPUs.',
  },
  reference: {
    coalescing:
      '{{gpu}} reference ({{date}}, {{bytes}} per dispatch; not this GPU): strided reads took {{wgpu}}× as long as coalesced through wgpu (Firefox’s engine) and {{dawn}}× through Dawn (Chrome’s engine); the coalesced reads ran at {{wgpuGbs}} and {{dawnGbs}} GB/s. Caches serve the rest of each segment to the next reads, so the cost is far below the model’s 32 segments.',
    banks:
      '{{gpu}} reference ({{date}}; not this GPU): reading down a column took {{wgpu}}× as long as along a row through wgpu and {{dawn}}× through Dawn; padded to 33, {{wgpuPad}}× and {{dawnPad}}×. The conflicting read takes the same {{columns}} ms on both engines (the hardware serialises it); the conflict-free read is {{rowsRatio}}× slower through wgpu than through Dawn, so the ratio depends on the engine’s code as well as on the banks.',
  },
  noRatioUntrusted: 'No ratio: {{why}}.',
  noRatioMismatch: 'No ratio: a probe’s sums did not match the reference.',
  sizeCoalescing: 'Each dispatch: {{groups}} workgroups of {{wg}} invocations read {{bytes}} once (32 words per invocation).',
  sizeBanks: 'Each dispatch: {{groups}} workgroups of {{wg}} invocations each read {{reads}} words of a 32×32 tile in workgroup memory ({{bytes}} in all).',
  pictureLabel: '{{what}}: {{lanes}} lanes of one request against {{slots}}',
  axisSegment: 'segment',
  axisBank: 'bank',
  lane: 'lane',
  coalescing: {
    heading: 'Coalesced against strided global reads',
    map: {
      coalesced: 'Lane i reads word base + i.',
      strided: 'Lane i reads word base + 32·i.',
    },
    intro:
      'Both kernels read the same words of a buffer and add them up; only the order differs. Coalesced: at each step lane i reads word base + i, so 32 lanes read one 128-byte segment. Strided: lane i reads word base + 32·i, so 32 lanes touch 32 segments and use 4 bytes of each.',
    kind: {
      coalesced: 'Coalesced (probe_coalesced)',
      strided: 'Strided, 32 words apart (probe_strided)',
    },
    ratio: 'Strided reads took <b>{{ratio}}×</b> as long as coalesced reads of the same bytes on this GPU.',
    slots: 'the 128-byte segments it touches',
    caption: '{{lanes}} lanes → {{segments}} segment(s): {{used}} asked for, {{moved}} moved in the model.',
    explain:
      'On the ladder: the naive rung runs x along N, so neighbouring invocations read neighbouring elements of B and write neighbouring elements of C (coalesced), while the invocations of one row read the same element of A (a broadcast). The tiled rung copies its tiles so that invocation (tx, ty) loads consecutive words: every load of a tile is coalesced, and each word is then reused from workgroup memory. The vec4 rungs (reg8x8v and up) make each load 16 bytes wide, so one request covers four times the bytes, and reg8x8db writes neighbouring vec4s of C (256 contiguous bytes per store instruction). A strided pattern is what a kernel gets when it maps invocations to rows instead of columns; caches may absorb part of the cost (the next steps read the rest of each segment), so the measured ratio can be far smaller than the model’s 32 segments.',
  },
  banks: {
    heading: 'Workgroup-memory reads with and without bank conflicts',
    map: {
      rows: 'Lane l reads word 32·c + l: bank l.',
      columns: 'Lane l reads word 32·l + c: bank c, for every lane.',
      padded: 'Lane l reads word 33·l + c: bank (l + c) mod 32.',
    },
    intro:
      'All three kernels copy the same 32×32 tile into workgroup memory and read it many times. Rows: the 32 lanes read one stored row (32 neighbouring words, one per bank). Columns: they read one stored column at a pitch of 32 words, so every word is in the same bank and, in the model, the 32 reads are served one after another. Padded: the same column reads at a pitch of 33 words; each row is shifted by one bank, and the conflict is gone at the cost of one unused word per row.',
    kind: {
      rows: 'Rows, no conflicts (probe_banks_rows)',
      columns: 'Columns, pitch 32: conflicts (probe_banks_columns)',
      padded: 'Columns, pitch 33: padded (probe_banks_columns)',
    },
    ratio: 'Reading down a column took <b>{{conflict}}×</b> as long as reading along a row on this GPU; padded to a pitch of 33, <b>{{padded}}×</b>.',
    slots: 'the 32 banks',
    caption: '{{lanes}} lanes → worst bank holds {{ways}} different word(s): {{ways}} pass(es) in the model.',
    ways: '×{{n}}',
    explain:
      'On the ladder: the tiled rung reads As[ty][k] (one word for the whole row of invocations: a broadcast, no conflict) and Bs[k][tx] (neighbouring words: no conflict). reg4x4 and reg8x8 store the A tile transposed, so that the inner loop reads A along a stored row instead of down a column — the transpose in these probes. reg8x8db goes further: it gives each invocation rows 4·ty… and 64 + 4·ty… instead of eight consecutive rows, so neighbouring invocations read neighbouring vec4s of workgroup memory. Padding the pitch to 33, as in the third probe, is the other classic fix; the rungs avoid the column reads instead.',
  },
} as const;
