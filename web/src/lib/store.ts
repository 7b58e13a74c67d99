//! The app's single jotai store. React reads it through `<Provider store={appStore}>`; modules that
//! live outside React (realtime polling, startup loading) read and write it directly.
import { createStore } from 'jotai'

export const appStore = createStore()
