import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type DashboardState = {
  stockQuantity: number | null;
  stockValorisation: number | null;
  /** Set on reader-disconnect, cleared on reader-connect (SPEC §4). */
  readerDisconnected: boolean;
};

const initialState: DashboardState = { stockQuantity: null, stockValorisation: null, readerDisconnected: false };

export const dashboardSlice = createSlice({
  name: 'dashboard',
  initialState,
  reducers: {
    setStockQuantity: (state, action: PayloadAction<number>) => {
      state.stockQuantity = action.payload;
    },
    setStockValorisation: (state, action: PayloadAction<number>) => {
      state.stockValorisation = action.payload;
    },
    setReaderDisconnected: (state, action: PayloadAction<boolean>) => {
      state.readerDisconnected = action.payload;
    },
  },
});

export const { setStockQuantity, setStockValorisation, setReaderDisconnected } = dashboardSlice.actions;
