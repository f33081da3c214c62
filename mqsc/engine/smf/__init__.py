"""SMF records of IBM MQ for z/OS: type 115 (statistics) and 116 (accounting), as bytes.

The layouts are IBM's (the CSQDSMFC C header and the CSQDQxxx assembler macros, documented in
IBM MQ for z/OS "Interpreting IBM MQ performance statistics" and "Interpreting IBM MQ
accounting data"), at CSQDSMFC version 943 (IBM MQ 9.4.3): :mod:`.layout` holds them as
tables, :mod:`.codec` turns one section into bytes and back, :mod:`.record` a whole record
(SMF header, self-defining section, product section, data sections) and files of
RDW-prefixed records (what IFASMFDP writes), :mod:`.clock` the z/OS time formats. Nothing
here does I/O: the engine builds records, the front ends write them (docs/smf.md).
"""
