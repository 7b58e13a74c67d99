//! Zod without eval, set before any module builds or parses a schema (main.tsx imports this
//! first). The Content-Security-Policy allows no eval; without `jitless` zod probes
//! `new Function` on the first parse: it falls back, but the probe is a reported CSP violation.
import { z } from 'zod'

z.config({ jitless: true })
