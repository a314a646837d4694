//! Yew components. They only render state and dispatch actions; the logic lives in `core`.

pub mod app;
pub mod bench_view;
pub mod binary_split_view;
pub mod bit_array_canvas;
pub mod bulk_controls;
pub mod classic_state;
pub mod classic_view;
pub mod coming_view;
pub mod darts_panel;
pub mod filter_readouts;
pub mod hash_trace_table;
pub mod home_view;
pub mod item_list;
pub mod notice_list;
pub mod site_nav;
pub mod skiena_chart;
pub mod skiena_view;
pub mod slide_table;
pub mod stepper_controls;
pub mod theme;
pub mod ullman_state;
pub mod ullman_view;
pub mod verdict_banner;
