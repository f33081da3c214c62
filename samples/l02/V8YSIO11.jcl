//USER1S1  JOB (ACCT),'LAB L02 V8YSIO11',CLASS=A,MSGCLASS=K,
//             NOTIFY=&SYSUID
//*--------------------------------------------------------------------
//* Lab L02, job V8YSIO11: 1200 messages of 4096 bytes on
//* USER1.ABAR.QUEUE, above the bar (buffer pool 11, FIXED4KB).
//* Expected: 1200 messages overflow the pool's 1000 buffers: pages
//* are written to the page set and read back.
//* LOADQ   puts the messages (OEMPUTX)
//* LOADUSE DISPLAY USAGE after the puts (CSQUTIL)
//* MGETQ   gets them all back (MGET)
//* MGETUSE DISPLAY USAGE after the gets (CSQUTIL)
//*--------------------------------------------------------------------
//LOADQ    EXEC PGM=OEMPUTX,
//             PARM=('-mQMZ1 -qUSER1.ABAR.QUEUE -n1200 -s4096')
//SYSPRINT DD SYSOUT=*
//SYSOUT   DD SYSOUT=*
//LOADUSE  EXEC PGM=CSQUTIL,PARM='QMZ1'
//SYSPRINT DD SYSOUT=*
//SYSIN    DD *
  COMMAND DDNAME(CMDINP)
/*
//CMDINP   DD *
  DISPLAY USAGE
/*
//MGETQ    EXEC PGM=MGET,
//             PARM=('-mQMZ1 -qUSER1.ABAR.QUEUE -w10')
//SYSPRINT DD SYSOUT=*
//SYSOUT   DD SYSOUT=*
//MGETUSE  EXEC PGM=CSQUTIL,PARM='QMZ1'
//SYSPRINT DD SYSOUT=*
//SYSIN    DD *
  COMMAND DDNAME(CMDINP)
/*
//CMDINP   DD *
  DISPLAY USAGE
/*
//
