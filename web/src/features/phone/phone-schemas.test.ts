import { describe, expect, it } from 'vitest'
import { codeSchema, phoneSchema } from './phone-schemas'

describe('phone confirmation forms', () => {
  it('takes a Kyrgyz mobile number only', () => {
    expect(phoneSchema.safeParse({ phone: '+996555123456' }).success).toBe(true)
    expect(phoneSchema.safeParse({ phone: '+99655512345' }).success).toBe(false)
    expect(phoneSchema.safeParse({ phone: '+79991234567' }).success).toBe(false)
  })

  it('wants six digits for the code', () => {
    expect(codeSchema.safeParse({ code: ' 012345 ' }).success).toBe(true)
    expect(codeSchema.safeParse({ code: '12345' }).success).toBe(false)
    expect(codeSchema.safeParse({ code: '12a456' }).success).toBe(false)
  })
})
