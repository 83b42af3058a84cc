import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TSendNotification } from '@tagstock/contract';
import { disconnect } from './auth-slice';

/** One unauthorized exit waiting for someone to look at it (SPEC §8: it stays until closed). */
export type ExitAlarm = {
  movementId: number;
  /** The whole notification: the alarm shows what it says (article, location, reason). */
  notification: TSendNotification;
  /** When the alarm arrived (ISO); the tag log it links to holds the reader's own time. */
  receivedAt: string;
};

export type AlarmState = { exits: ExitAlarm[] };

export const TAG_LOGS_PATH = '/admin/tagLogs';
/** The tag logs showing one movement (an alarm's link); without one, every unauthorized exit. */
export const tagLogsPathFor = (movementId: number) =>
  movementId > 0 ? `${TAG_LOGS_PATH}?movementId=${movementId}` : `${TAG_LOGS_PATH}?unauthorized=true`;

/** Beyond this many open alarms the oldest are dropped; the tag logs keep every one. */
export const MAX_OPEN_ALARMS = 50;

const initialState: AlarmState = { exits: [] };

export const alarmSlice = createSlice({
  name: 'alarm',
  initialState,
  reducers: {
    exitRaised: (state, action: PayloadAction<ExitAlarm>) => {
      // A socket reconnect may deliver the same movement twice.
      if (state.exits.some((e) => e.movementId === action.payload.movementId)) return;
      state.exits.unshift(action.payload);
      state.exits.splice(MAX_OPEN_ALARMS);
    },
    exitClosed: (state, action: PayloadAction<number>) => {
      state.exits = state.exits.filter((e) => e.movementId !== action.payload);
    },
    allExitsClosed: (state) => {
      state.exits = [];
    },
  },
  // The next user of this browser must not see the previous one's alarms.
  extraReducers: (builder) => builder.addCase(disconnect, () => initialState),
});

export const { exitRaised, exitClosed, allExitsClosed } = alarmSlice.actions;
