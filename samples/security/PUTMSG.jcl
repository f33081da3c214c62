//PUTMSG   JOB (ACCT),'PUT AS USER3',CLASS=A,MSGCLASS=H,USER=USER3
//*--------------------------------------------------------------------
//* Ten messages to SYSTEM.DEFAULT.LOCAL.QUEUE as USER3 (IBM's lab,
//* member PUTMSG). USER3 is not in MQUSERS: with security on, the
//* connection is refused (ICH408I for QMZ1.BATCH in class MQCONN,
//* MQRC 2035). CONNECT USER3 GROUP(MQUSERS), a PERMIT for the queue,
//* SETROPTS RACLIST(MQQUEUE) REFRESH and REFRESH SECURITY(MQQUEUE) let
//* it through (README.md).
//*--------------------------------------------------------------------
//PUT      EXEC PGM=OEMPUT,
//             PARM=('-mQMZ1 -qSYSTEM.DEFAULT.LOCAL.QUEUE -n10 -s100')
//SYSPRINT DD SYSOUT=*
