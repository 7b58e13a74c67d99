//! The stat cards of the current page of users (spec section 2): how many have bid, how many are admins.
import type { User } from '../../lib/api-types'

export function pageStats(users: readonly Pick<User, 'totalBids' | 'role'>[]): { active: number; admins: number } {
  return {
    active: users.filter((user) => user.totalBids > 0).length,
    admins: users.filter((user) => user.role === 'admin').length,
  }
}
