//! Zod without eval: every schema imports `z` from here, so the setting is made before any schema
//! is built. The Content-Security-Policy allows no eval; without `jitless` zod probes
//! `new Function` when it builds an object schema: it falls back, but the probe is a reported CSP
//! violation. (Importing zod from here rather than from main.tsx keeps it out of the first load:
//! only the forms need it.)
import { z } from 'zod'

z.config({ jitless: true })

export { z }
